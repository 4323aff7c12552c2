import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DeskView } from "../../../../shared/desk";
import { apiFetch } from "../../../lib/api-client";
import { mergeMessages, type Thread } from "../thread";
import { chatKeys, deskKeys } from "../api/query-keys";
import { newMessageId } from "../api/message-id";
import { liveQuery } from "../../../realtime/live-query";

const roomPath = (roomId: string) => `/api/desk/rooms/${encodeURIComponent(roomId)}`;

/** Without the filter, the very address the page preloads (route-data.ts). */
export const deskInboxUrl = (view: DeskView, q: string, awaiting = false) =>
  `/api/desk/conversations?view=${view}&q=${encodeURIComponent(q)}${awaiting ? "&awaiting=1" : ""}`;

/** One desk view with every view's count; live events invalidate it (useDeskLiveUpdates). */
export function useDeskInbox(view: DeskView, q: string, awaiting = false) {
  return useQuery({
    queryKey: deskKeys.inbox(view, q, awaiting),
    queryFn: () => apiFetch(deskInboxUrl(view, q, awaiting), { answer: "deskInbox" }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    ...liveQuery,
  });
}

/** The conversation header's desk state: assignee, status, the agents to choose from. */
export function useDeskRoom(roomId: string | undefined) {
  return useQuery({
    queryKey: deskKeys.room(roomId ?? ""),
    queryFn: () => apiFetch(roomPath(roomId!), { answer: "deskRoom" }),
    enabled: roomId !== undefined,
    ...liveQuery,
  });
}

/** Assign, resolve or reopen; the answer is the room's new desk state. */
export function useDeskAction(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action: { kind: "assign"; assigneeId: string } | { kind: "resolve" } | { kind: "reopen" },
    ) =>
      action.kind === "assign"
        ? apiFetch(`${roomPath(roomId)}/assignee`, {
            answer: "deskRoom",
            method: "PUT",
            body: { assigneeId: action.assigneeId },
          })
        : apiFetch(`${roomPath(roomId)}/${action.kind}`, { answer: "deskRoom", method: "POST" }),
    onSuccess: (room) => {
      queryClient.setQueryData(deskKeys.room(roomId), room);
      void queryClient.invalidateQueries({ queryKey: deskKeys.inboxes });
    },
  });
}

/** Writes an internal note; it joins the open conversation at once (the live copy merges by id). */
export function usePostNote(roomId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiFetch(`${roomPath(roomId!)}/notes`, {
        answer: "chatMessage",
        method: "POST",
        body: { id: newMessageId(), text },
      }),
    onSuccess: (note) => {
      queryClient.setQueryData<Thread>(chatKeys.messages(note.roomId), (held) =>
        held ? { ...held, messages: mergeMessages(held.messages, [note]) } : held,
      );
    },
  });
}
