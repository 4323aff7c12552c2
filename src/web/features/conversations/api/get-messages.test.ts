import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGE_PAGE_SIZE, type ChatMessage } from "../../../../shared/chat";
import { testMessage } from "../test-message";
import { mergeMessages, type Thread } from "../thread";
import { fetchMessages, messagesQueryOptions } from "./get-messages";
import { chatKeys } from "./query-keys";

/** Each page request waits here until the test answers it. */
const pages = vi.hoisted(() => ({
  asked: [] as { path: string; answer: (page: unknown[]) => void }[],
}));
vi.mock("../../../lib/api-client", () => ({
  apiFetch: (path: string) => new Promise((resolve) => pages.asked.push({ path, answer: resolve })),
}));

const ROOM = "a-b";
const key = chatKeys.messages(ROOM);

const message = (id: string, seq: number) => testMessage({ id, roomId: ROOM, seq });

/** What the outbox's onStored and a live message:new do with a stored message. */
function putIn(queryClient: QueryClient, stored: ChatMessage) {
  queryClient.setQueryData<Thread>(key, (held) => ({
    messages: mergeMessages(held?.messages ?? [], [stored]),
    hasOlder: held?.hasOlder ?? false,
  }));
}

/** The fetch as the thread's query runs it: its result replaces the thread. */
function refetch(queryClient: QueryClient) {
  return queryClient.query({ queryKey: key, queryFn: () => fetchMessages(queryClient, ROOM) });
}

async function nextAsked() {
  await vi.waitFor(() => expect(pages.asked.length).toBeGreaterThan(0));
  return pages.asked.shift()!;
}

afterEach(() => {
  pages.asked.length = 0;
});

describe("fetchMessages", () => {
  it("keeps a message put in while a refetch read before it was stored is on its way", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Thread>(key, { messages: [message("m1", 1)], hasOlder: true });

    const running = refetch(queryClient);
    const asked = await nextAsked();
    expect(asked.path).toBe(`/api/chat/rooms/${ROOM}/messages?after=1`);
    // The send's ack lands first; the refetch's answer was read before the insert.
    putIn(queryClient, message("m2", 2));
    asked.answer([]);
    await running;

    const thread = queryClient.getQueryData<Thread>(key)!;
    expect(thread.messages.map((m) => m.id)).toEqual(["m1", "m2"]);
    expect(thread.hasOlder).toBe(true);
  });

  it("merges what came after the last seq, page after page, into the thread held", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Thread>(key, { messages: [message("m1", 1)], hasOlder: false });

    const running = refetch(queryClient);
    const first = await nextAsked();
    const full = Array.from({ length: MESSAGE_PAGE_SIZE }, (_, i) => message(`n${i + 2}`, i + 2));
    first.answer(full);
    const second = await nextAsked();
    expect(second.path).toBe(`/api/chat/rooms/${ROOM}/messages?after=${MESSAGE_PAGE_SIZE + 1}`);
    second.answer([message("last", MESSAGE_PAGE_SIZE + 2)]);
    await running;

    const ids = queryClient.getQueryData<Thread>(key)!.messages.map((m) => m.id);
    expect(ids).toHaveLength(MESSAGE_PAGE_SIZE + 2);
    expect(ids.at(0)).toBe("m1");
    expect(ids.at(-1)).toBe("last");
  });

  it("first load: the latest page", async () => {
    const queryClient = new QueryClient();
    const running = refetch(queryClient);
    const asked = await nextAsked();
    expect(asked.path).toBe(`/api/chat/rooms/${ROOM}/messages`);
    asked.answer([message("m1", 1)]);
    const thread = await running;
    expect(thread.messages.map((m) => m.id)).toEqual(["m1"]);
    expect(thread.hasOlder).toBe(false);
  });
});

describe("the thread's view", () => {
  it("re-renders for a fetch before the first answer, and not for a refetch that changes nothing", async () => {
    const queryClient = new QueryClient();
    const observer = new QueryObserver(queryClient, messagesQueryOptions(queryClient, ROOM));
    let notified = 0;
    const unsubscribe = observer.subscribe(() => notified++);

    // First load: the view hears the fetch's progress (it shows "offline" when paused).
    const first = await nextAsked();
    expect(first.path).toBe(`/api/chat/rooms/${ROOM}/messages`);
    first.answer([message("m1", 1)]);
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    expect(notified).toBeGreaterThan(0);
    const shown = observer.getCurrentResult().data;

    // A resync's refetch answered with nothing new: not one re-render.
    notified = 0;
    const refetched = observer.refetch();
    const resync = await nextAsked();
    expect(resync.path).toBe(`/api/chat/rooms/${ROOM}/messages?after=1`);
    expect(observer.getCurrentResult().isFetching).toBe(true);
    resync.answer([]);
    await refetched;
    expect(observer.getCurrentResult().data).toBe(shown);
    expect(notified).toBe(0);

    // A refetch that brings a message re-renders.
    const later = observer.refetch();
    (await nextAsked()).answer([message("m2", 2)]);
    await later;
    expect(notified).toBe(1);
    expect(observer.getCurrentResult().data?.messages.map((m) => m.id)).toEqual(["m1", "m2"]);
    unsubscribe();
  });
});
