import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReplyVariables, SavedReplyInput } from "../../../../shared/saved-replies";
import { apiFetch } from "../../../lib/api-client";

export const savedReplyKeys = {
  all: ["saved-replies"] as const,
  variables: (roomId: string) => ["chat", "reply-variables", roomId] as const,
};

/** The agent's saved replies; also preloaded with the saved-replies page (route-data.ts). */
export const savedRepliesUrl = "/api/saved-replies";

export function useSavedReplies(enabled = true) {
  return useQuery({
    queryKey: savedReplyKeys.all,
    queryFn: () => apiFetch(savedRepliesUrl, { answer: "savedReplies" }),
    enabled,
  });
}

/** Add (no id) or change (id) a saved reply; the list refetches. */
export function useSaveSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SavedReplyInput & { id?: string }) =>
      id
        ? apiFetch(`${savedRepliesUrl}/${encodeURIComponent(id)}`, {
            answer: "savedReply",
            method: "PUT",
            body,
          })
        : apiFetch(savedRepliesUrl, { answer: "savedReply", method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedReplyKeys.all }),
  });
}

export function useDeleteSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`${savedRepliesUrl}/${encodeURIComponent(id)}`, { answer: "ok", method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedReplyKeys.all }),
  });
}

/** The values of {{artist.name}} and the others in one room, fetched fresh when a reply is chosen. */
export function fetchReplyVariables(roomId: string): Promise<ReplyVariables> {
  return apiFetch(`/api/chat/rooms/${encodeURIComponent(roomId)}/reply-variables`, {
    answer: "replyVariables",
  });
}
