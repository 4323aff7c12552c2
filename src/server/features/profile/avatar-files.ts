import { AVATAR_UPLOAD_PURPOSE, MAX_PROFILE_IMAGE_BYTES } from "../../../shared/profile-schemas";
import { fileUrl } from "../../../shared/files";
import type { UserDataRemover } from "../../context";
import { deleteFileRows } from "../uploads/stored-files";
import type { UploadPurpose } from "../uploads/upload-purposes";
import { profilePicturesAmong } from "./repository";

/**
 * Profile pictures: any signed-in user uploads their own (scope = their id);
 * any signed-in user may see them, since agents and artists see each other's.
 */
export const avatarUploadPurpose: UploadPurpose = {
  name: AVATAR_UPLOAD_PURPOSE,
  maxBytes: MAX_PROFILE_IMAGE_BYTES,
  kinds: ["image"],
  authorize: (user) => Promise.resolve({ scope: user.id }),
  canRead: () => Promise.resolve(true),
  // A profile holds its picture as the file's URL.
  async attached(db, ids) {
    const byUrl = new Map(ids.map((id) => [fileUrl(id), id]));
    const pictures = await profilePicturesAmong(db, [...byUrl.keys()]);
    return pictures.flatMap((picture) => {
      const id = byUrl.get(picture);
      return id ? [id] : [];
    });
  },
};

/** The user's pictures go when the account goes. */
export const removeAvatars: UserDataRemover = async (trx, userId) => ({
  fileIds: await deleteFileRows(trx, { ownerId: userId, purpose: AVATAR_UPLOAD_PURPOSE }),
});
