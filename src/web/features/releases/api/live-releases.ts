import { useQueryClient } from "@tanstack/react-query";
import { useSocketEvent } from "../../../realtime/realtime-provider";
import { releaseKeys } from "./release-keys";

/**
 * Keeps the release screens live: a release changed (another tab saved it,
 * it was submitted, withdrawn or reviewed), so the list and the open release
 * fetch again. The open form decides what a newer answer changes
 * (use-autosave.ts): it never overwrites edits not yet saved.
 */
export function useLiveReleases(): void {
  const queryClient = useQueryClient();
  useSocketEvent("release:changed", ({ releaseId }) => {
    void queryClient.invalidateQueries({ queryKey: releaseKeys.list() });
    void queryClient.invalidateQueries({ queryKey: releaseKeys.release(releaseId) });
  });
}
