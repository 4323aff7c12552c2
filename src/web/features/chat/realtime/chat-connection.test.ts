import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatContact, ChatMessage } from "../../../../shared/chat";
import type { ChatSocketHandlers } from "../../../lib/chat-socket";
import { chatKeys } from "../api/query-keys";
import type { Thread } from "../thread";
import { ChatConnection } from "./chat-connection";

const sockets = vi.hoisted(() => ({ handlers: [] as ChatSocketHandlers[] }));
vi.mock("../../../lib/chat-socket", () => ({
  ChatSocket: {
    connect: (handlers: ChatSocketHandlers) => {
      sockets.handlers.push(handlers);
      return Promise.resolve({ close: () => undefined });
    },
  },
}));

// The outbox has its own tests; here it only has to load.
vi.mock("../outbox/start-outbox", () => ({
  startOutbox: () => ({
    outbox: { subscribe: () => () => undefined, stop: () => undefined, resume: () => undefined },
    store: { close: () => undefined },
  }),
}));

const session = vi.hoisted(() => ({ user: null as { id: string } | null }));
vi.mock("../../../lib/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/auth/session")>()),
  fetchSessionUser: () => Promise.resolve(session.user),
}));

const message: ChatMessage = {
  id: "m1",
  roomId: "a-b",
  seq: 1,
  userId: "b",
  senderName: "B",
  text: "hi",
  createdAt: 1,
  status: "sent",
  from_msg_num: 0,
  to_msg_num: 1,
  fileUrl: null,
  fileType: null,
  fileName: null,
  fileSize: null,
};

let client: QueryClient | undefined;
let connection: ChatConnection | undefined;
afterEach(() => {
  connection?.close();
  client?.clear();
});

async function openFor(queryClient: QueryClient, userId: string) {
  connection = new ChatConnection(queryClient);
  connection.open(userId);
  await connection.socket();
  return sockets.handlers.at(-1)!;
}

describe("chat connection", () => {
  it("does not drop a live message that arrives while its conversation is loading", async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryClient = client;
    queryClient.setQueryData(["session"], { id: "a" });
    const handlers = await openFor(queryClient, "a");

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
    handlers.onMessage(message);
    answerFirst({ messages: [], hasOlder: false });
    await vi.waitFor(() => {
      expect(queryClient.getQueryData<Thread>(key)?.messages.map((m) => m.id)).toEqual(["m1"]);
    });
    stop();
  });

  it("fetches the lists and open conversations again on every connect, the first one too", async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryClient = client;
    queryClient.setQueryData(["session"], { id: "a" });
    const handlers = await openFor(queryClient, "a");
    const invalidated = vi.spyOn(queryClient, "invalidateQueries");
    // The page's first fetches may have been answered before the socket joined:
    // a message stored in between must still count in the unread badges.
    handlers.onConnected();
    const keys = invalidated.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toContainEqual(chatKeys.allContacts);
    expect(keys).toContainEqual(chatKeys.allMessages);
  });

  it("clears the room's unread count on the user's own read mark without fetching the lists", async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryClient = client;
    const handlers = await openFor(queryClient, "a");
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
    handlers.onRead({ roomId: "a-b", userId: "b", lastReadAt: 5 });
    expect(queryClient.getQueryData<ChatContact[]>(chatKeys.contacts(""))?.[0]?.unread).toBe(3);
    // This user read a-b (here or in another tab): a-b is at 0 in every list, a-c stays.
    handlers.onRead({ roomId: "a-b", userId: "a", lastReadAt: 6 });
    const unread = (search: string) =>
      queryClient.getQueryData<ChatContact[]>(chatKeys.contacts(search))?.map((c) => c.unread);
    expect(unread("")).toEqual([0, 2]);
    expect(unread("b")).toEqual([0]);
    expect(invalidated).not.toHaveBeenCalled();
    expect(connection!.getReads().get("a-b b")).toBe(5);
  });

  it("reconnects after the server closed the socket only while the user is still signed in", async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryClient = client;
    queryClient.setQueryData(["session"], { id: "a" });
    const handlers = await openFor(queryClient, "a");

    // Own password change: this tab holds a fresh session.
    session.user = { id: "a" };
    const reconnect = vi.fn();
    handlers.onServerDisconnect(reconnect);
    await vi.waitFor(() => expect(reconnect).toHaveBeenCalledTimes(1));

    // Signed out: the session is gone.
    session.user = null;
    const noReconnect = vi.fn();
    handlers.onServerDisconnect(noReconnect);
    // Asked twice (the close may overtake the answer with a new cookie), then signed out.
    await vi.waitFor(() => expect(queryClient.getQueryData(["session"])).toBeNull(), {
      timeout: 4000,
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(noReconnect).not.toHaveBeenCalled();
  });
});

describe("chat connection status", () => {
  it("reports reconnecting and connected from the socket, and ignores a closed user's socket", async () => {
    client = new QueryClient();
    const handlers = await openFor(client, "a");
    const seen: string[] = [];
    connection!.subscribe(() => seen.push(connection!.getStatus()));
    handlers.onStatus("connected");
    handlers.onStatus("reconnecting");
    expect(seen).toEqual(["connected", "reconnecting"]);

    // Another user signs in: the first user's socket no longer speaks for the tab.
    connection!.open("b");
    handlers.onStatus("connected");
    expect(connection!.getStatus()).toBe("connecting");
  });
});
