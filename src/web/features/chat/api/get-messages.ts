import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { MESSAGE_PAGE_SIZE, type ChatMessage } from "../../../../shared/chat";
import { apiFetch } from "../../../lib/api-client";
import { lastStoredSeq, mergeMessages, type ThreadMessage } from "../thread";
import { chatKeys } from "./query-keys";

function fetchPage(roomId: string, after?: number): Promise<ChatMessage[]> {
  const query = after === undefined ? "" : `?after=${after}`;
  return apiFetch<ChatMessage[]>(`/api/chat/rooms/${encodeURIComponent(roomId)}/messages${query}`);
}

/**
 * First load: the latest page. Every later fetch (a reconnect invalidates the
 * query) asks only for what came after the last seq held, and merges by id.
 */
export async function fetchMessages(
  queryClient: QueryClient,
  roomId: string,
): Promise<ThreadMessage[]> {
  let held = queryClient.getQueryData<ThreadMessage[]>(chatKeys.messages(roomId)) ?? [];
  let after = lastStoredSeq(held);
  if (after === undefined) return mergeMessages(held, await fetchPage(roomId));
  for (;;) {
    const page = await fetchPage(roomId, after);
    held = mergeMessages(held, page);
    if (page.length < MESSAGE_PAGE_SIZE) return held;
    after = page.at(-1)!.seq;
  }
}

export function useMessages(roomId: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKeys.messages(roomId ?? ""),
    queryFn: () => fetchMessages(queryClient, roomId!),
    enabled: roomId !== undefined,
    // Live events keep it fresh; refetches happen on reconnect only.
    staleTime: Infinity,
  });
}
