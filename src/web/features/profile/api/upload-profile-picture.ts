import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AVATAR_UPLOAD_PURPOSE } from "../../../../shared/profile-schemas";
import { apiFetch } from "../../../lib/api-client";
import { uploadFile } from "../../../lib/upload";
import { sessionQueryKey } from "../../../lib/auth/session";

/** The file reached the server but the profile still points at the old picture. */
export class PictureNotSavedError extends Error {}

export interface PictureUpload {
  file: File;
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

/** Uploads the picture through the uploads core, then stores it on the profile. */
export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress, signal }: PictureUpload) => {
      const uploaded = await uploadFile(file, {
        purpose: AVATAR_UPLOAD_PURPOSE,
        onProgress,
        signal,
      });
      try {
        return await apiFetch("/api/profile/picture", {
          answer: "publicUser",
          method: "PUT",
          body: { fileId: uploaded.id },
        });
      } catch (error) {
        throw new PictureNotSavedError("profile update failed", { cause: error });
      }
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(sessionQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
