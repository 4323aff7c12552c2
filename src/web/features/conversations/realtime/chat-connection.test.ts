import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatContact } from "../../../../shared/chat";
import { RealtimeClient } from "../../../realtime/realtime-client";
import { chatKeys } from "../api/query-keys";
import { testMessage } from "../test-message";
import type { Thread } from "../thread";
import { ChatConnection } from "./chat-connection";
import { sockets } from "../../../realtime/fake-socket-io";

vi.mock("socket.io-client", () => import("../../../realtime/fake-socket-io"));

// The outbox has its own tests; here it only has to load and show its items.
const outboxItems = vi.hoisted(() => ({ current: [] as unknown[] }));
vi.mock("../outbox/start-outbox", () => ({
  startOutbox: () => ({
    outbox: {
      subscribe: () => () => undefined,
      stop: () => undefined,
      resume: () => undefined,
      getSnapshot: () => outboxItems.current,
    },
    store: { close: () => undefined },
  }),
}));

const message = testMessage({ id: "m1", userId: "b", senderName: "B", text: "hi" });

let client: QueryClient | undefined;
let connection: ChatConnection | undefined;
let realtime: RealtimeClient | undefined;
afterEach(() => {
  connection?.close();
  realtime?.close();
  client?.clear();
});

/** The chat on a live link whose socket the test plays. */
async function openFor(queryClient: QueryClient, userId: string) {
  realtime = new RealtimeClient(queryClient);
  realtime.open(userId);
  connection = new ChatConnection(queryClient, realtime);
  connection.open(userId);
  await vi.waitFor(() => expect(sockets.all.at(-1)?.active).toBe(true));
  return sockets.all.at(-1)!;
}

describe("chat connection", () => {
  it("shows an empty outbox as the same array before and after it loads (no re-render)", async () => {
    client = new QueryClient();
    outboxItems.current = [];
    realtime = new RealtimeClient(client);
    connection = new ChatConnection(client, realtime);
    const before = connection.getOutboxItems();
    let notified = 0;
    connection.subscribe(() => notified++);
    connection.open("a");
    await vi.waitFor(() => expect(notified).toBeGreaterThan(0));
    expect(connection.getOutboxItems()).toBe(before);

    const pending = [{ id: "pending" }];
    outboxItems.current = pending;
    expect(connection.getOutboxItems()).toBe(pending);
  });

  it("does not drop a live message that arrives while its conversation is loading", async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryClient = client;
    queryClient.setQueryData(["session"], { id: "a" });
    const socket = await openFor(queryClient, "a");

    // The first fetch was answered before the message was stored.
    let answerFirst: (thread: Thread) => void = () => undefined;
    const server: Thread = { messages: [], hasOlder: false };
    let calls = 0;
    const key = chatKeys.messages(message.roomId);
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => {
        calls += 1;
        if (calls === 1) return new Promise<Thread>((r) => (answerFirst = r));
        return Promise.resolve({ ...server, messages: [...server.messages] });
      },
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => undefined);
    expect(calls).toBe(1);

    server.messages.push(message);
    socket.serverEmit("message:new", message);
    answerFirst({ messages: [], hasOlder: false });
    await vi.waitFor(() => {
      expect(queryClient.getQueryData<Thread>(key)?.messages.map((m) => m.id)).toEqual(["m1"]);
    });
    stop();
  });

  it("fetches the thread again, and nothing else, when a message shows a gap in the room's seq", async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryClient = client;
    const socket = await openFor(queryClient, "a");
    const key = chatKeys.messages(message.roomId);
    queryClient.setQueryData<Thread>(key, { messages: [message], hasOlder: false });
    const resync = vi.spyOn(realtime!, "resync");
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const threadFetches = () =>
      invalidate.mock.calls.filter(
        ([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(key),
      ).length;
    // seq 2 arrives: no gap, merged in place.
    socket.serverEmit("message:new", { ...message, id: "m2", seq: 2 });
    expect(queryClient.getQueryData<Thread>(key)?.messages.map((m) => m.seq)).toEqual([1, 2]);
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalled());
    expect(threadFetches()).toBe(0);
    // seq 4 arrives: 3 went missing (an agents' note, say). Not merged: the
    // thread fetches what came after seq 2, which brings both; no full resync.
    socket.serverEmit("message:new", { ...message, id: "m4", seq: 4 });
    expect(queryClient.getQueryData<Thread>(key)?.messages.map((m) => m.seq)).toEqual([1, 2]);
    await vi.waitFor(() => expect(threadFetches()).toBe(1));
    expect(resync).not.toHaveBeenCalled();
  });

  it("clears the room's unread count on the user's own read mark without fetching the lists", async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryClient = client;
    const socket = await openFor(queryClient, "a");
    const contact = (roomId: string, unread: number): ChatContact => ({
      userId: roomId,
      name: roomId,
      email: `${roomId}@example.test`,
      picture: null,
      roomId,
      lastMessage: null,
      unread,
    });
    queryClient.setQueryData(chatKeys.contacts(""), [contact("a-b", 3), contact("a-c", 2)]);
    queryClient.setQueryData(chatKeys.contacts("b"), [contact("a-b", 3)]);
    const invalidated = vi.spyOn(queryClient, "invalidateQueries");

    // The other person read: nothing of this user's counts changes.
    socket.serverEmit("room:read", { roomId: "a-b", userId: "b", lastReadAt: 5 });
    expect(queryClient.getQueryData<ChatContact[]>(chatKeys.contacts(""))?.[0]?.unread).toBe(3);
    // This user read a-b (here or in another tab): a-b is at 0 in every list, a-c stays.
    socket.serverEmit("room:read", { roomId: "a-b", userId: "a", lastReadAt: 6 });
    const unread = (search: string) =>
      queryClient.getQueryData<ChatContact[]>(chatKeys.contacts(search))?.map((c) => c.unread);
    expect(unread("")).toEqual([0, 2]);
    expect(unread("b")).toEqual([0]);
    expect(invalidated).not.toHaveBeenCalled();
    expect(connection!.getReads().get("a-b b")).toBe(5);
  });

  it("sends a typing signal only when the link can write it now, and says whether it went", async () => {
    client = new QueryClient();
    const socket = await openFor(client, "a");
    expect(connection!.sendTyping("a-b")).toBe(false);
    expect(socket.sent.filter((s) => s.event === "room:typing")).toEqual([]);
    socket.fire("connect");
    await vi.waitFor(() => expect(realtime!.isConnected()).toBe(true));
    // The transport still writing the last packet: socket.io would drop it.
    socket.io.engine.transport.writable = false;
    expect(connection!.sendTyping("a-b")).toBe(false);
    socket.io.engine.transport.writable = true;
    expect(connection!.sendTyping("a-b")).toBe(true);
    expect(socket.sent.filter((s) => s.event === "room:typing")).toEqual([
      { event: "room:typing", payload: { roomId: "a-b" } },
    ]);
  });
});
