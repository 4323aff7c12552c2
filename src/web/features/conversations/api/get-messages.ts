import { useCallback, useRef, useState } from "react";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { MESSAGE_PAGE_SIZE, type ChatMessage } from "../../../../shared/chat";
import { apiFetch } from "../../../lib/api-client";
import { lastStoredSeq, mergeMessages, type Thread } from "../thread";
import { liveQuery } from "../../../realtime/live-query";
import { chatKeys } from "./query-keys";

/** A room's latest page of messages; the conversation's page preloads it (route-data.ts). */
export const roomMessagesUrl = (roomId: string) =>
  `/api/chat/rooms/${encodeURIComponent(roomId)}/messages`;

function fetchPage(roomId: string, query = ""): Promise<ChatMessage[]> {
  return apiFetch(`${roomMessagesUrl(roomId)}${query}`, { answer: "chatMessages" });
}

/**
 * First load: the latest page. Every later fetch (a reconnect invalidates the
 * query) asks only for what came after the last seq held, and merges by id;
 * the older pages already loaded stay.
 *
 * The pages are merged into the thread as it is when they arrive, not as it
 * was when the fetch began: the query's result replaces the thread, and a
 * message put in meanwhile (the outbox's stored copy, a live message:new)
 * may be missing from an answer the server read just before storing it. A
 * reconnect does both at once (the outbox sends, the thread refetches), and
 * the message then vanished from the conversation until the next reconnect.
 */
export async function fetchMessages(queryClient: QueryClient, roomId: string): Promise<Thread> {
  const key = chatKeys.messages(roomId);
  const held = queryClient.getQueryData<Thread>(key);
  const heldNow = () => queryClient.getQueryData<Thread>(key) ?? held;
  let after = lastStoredSeq(held?.messages ?? []);
  if (after === undefined) {
    const latest = await fetchPage(roomId);
    return {
      messages: mergeMessages(heldNow()?.messages ?? [], latest),
      hasOlder: latest.length >= MESSAGE_PAGE_SIZE,
    };
  }
  const fetched: ChatMessage[] = [];
  for (;;) {
    const page = await fetchPage(roomId, `?after=${after}`);
    fetched.push(...page);
    if (page.length < MESSAGE_PAGE_SIZE) break;
    after = page.at(-1)!.seq;
  }
  const current = heldNow();
  return {
    messages: mergeMessages(current?.messages ?? [], fetched),
    hasOlder: current?.hasOlder ?? false,
  };
}

/**
 * What a thread's view re-renders for once it holds messages: their changes
 * and a failure, not the fetches that keep them fresh. A resync's fetch
 * otherwise re-rendered the whole conversation twice (fetching, then idle)
 * for an answer that, equal to what was held, changed nothing. Before the
 * first answer the props the view reads count (fetchStatus shows "offline").
 */
export const THREAD_VIEW_PROPS = ["data", "error", "isError", "isPending", "status"] as const;

/** The thread's query, as the conversation observes it. */
export function messagesQueryOptions(queryClient: QueryClient, roomId: string | undefined) {
  const queryKey = chatKeys.messages(roomId ?? "");
  return {
    queryKey,
    ...liveQuery,
    queryFn: () => fetchMessages(queryClient, roomId!),
    enabled: roomId !== undefined,
    // Live events keep it fresh; refetches happen on reconnect only.
    staleTime: Infinity,
    notifyOnChangeProps: () =>
      queryClient.getQueryData(queryKey) === undefined ? undefined : [...THREAD_VIEW_PROPS],
  };
}

export function useMessages(roomId: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery(messagesQueryOptions(queryClient, roomId));
}

/**
 * Loads the page before the oldest message held, by key on seq, and merges
 * it in. One load at a time; `failed` lets the list offer a retry.
 */
export function useOlderMessages(roomId: string | undefined) {
  const queryClient = useQueryClient();
  // The load in flight: a second caller (a jump to an old message) waits for it.
  const running = useRef<Promise<void> | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const load = useCallback((): Promise<void> => {
    if (!roomId) return Promise.resolve();
    if (running.current) return running.current;
    const key = chatKeys.messages(roomId);
    const held = queryClient.getQueryData<Thread>(key);
    const oldest = held?.messages.find((m) => m.status === "sent")?.seq;
    if (!held?.hasOlder || oldest === undefined) return Promise.resolve();
    setState("loading");
    running.current = (async () => {
      try {
        const page = await fetchPage(roomId, `?before=${oldest}`);
        queryClient.setQueryData<Thread>(key, (current) => ({
          messages: mergeMessages(current?.messages ?? [], page),
          hasOlder: page.length >= MESSAGE_PAGE_SIZE,
        }));
        setState("idle");
      } catch (error) {
        console.error("Older messages could not be loaded", error);
        setState("failed");
      } finally {
        running.current = null;
      }
    })();
    return running.current;
  }, [queryClient, roomId]);
  return { load, loading: state === "loading", failed: state === "failed" };
}
