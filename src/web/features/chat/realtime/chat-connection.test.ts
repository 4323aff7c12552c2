import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../../../../shared/chat";
import type { ChatSocketHandlers } from "../../../lib/chat-socket";
import { chatKeys } from "../api/query-keys";
import type { ThreadMessage } from "../thread";
import { chatConnection } from "./chat-connection";

const sockets = vi.hoisted(() => ({ handlers: [] as ChatSocketHandlers[] }));
vi.mock("../../../lib/chat-socket", () => ({
  ChatSocket: {
    connect: (handlers: ChatSocketHandlers) => {
      sockets.handlers.push(handlers);
      return Promise.resolve({ close: () => undefined });
    },
  },
}));

const session = vi.hoisted(() => ({ user: null as { id: string } | null }));
vi.mock("../../auth/api/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../auth/api/session")>()),
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
afterEach(() => {
  // A signed-out session closes the connection, so the next test opens its own.
  client?.setQueryData(["session"], null);
  client?.clear();
});

describe("chat connection", () => {
  it("does not drop a live message that arrives while its conversation is loading", async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryClient = client;
    queryClient.setQueryData(["session"], { id: "a" });
    await chatConnection("a", queryClient);
    const handlers = sockets.handlers.at(-1)!;

    // The first fetch was answered before the message was stored.
    let answerFirst: (rows: ThreadMessage[]) => void = () => undefined;
    const server: ThreadMessage[] = [];
    let calls = 0;
    const key = chatKeys.messages(message.roomId);
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => {
        calls += 1;
        if (calls === 1) return new Promise<ThreadMessage[]>((r) => (answerFirst = r));
        return Promise.resolve([...server]);
      },
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => undefined);
    expect(calls).toBe(1);

    server.push(message);
    handlers.onMessage(message);
    answerFirst([]);
    await vi.waitFor(() => {
      expect(queryClient.getQueryData<ThreadMessage[]>(key)?.map((m) => m.id)).toEqual(["m1"]);
    });
    stop();
  });

  it("reconnects after the server closed the socket only while the user is still signed in", async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryClient = client;
    queryClient.setQueryData(["session"], { id: "a" });
    await chatConnection("a", queryClient);
    const handlers = sockets.handlers.at(-1)!;

    // Own password change: this tab holds a fresh session.
    session.user = { id: "a" };
    const reconnect = vi.fn();
    handlers.onServerDisconnect(reconnect);
    await vi.waitFor(() => expect(reconnect).toHaveBeenCalledTimes(1));

    // Signed out: the session is gone.
    session.user = null;
    const noReconnect = vi.fn();
    handlers.onServerDisconnect(noReconnect);
    await vi.waitFor(() => expect(queryClient.getQueryData(["session"])).toBeNull());
    await new Promise((r) => setTimeout(r, 20));
    expect(noReconnect).not.toHaveBeenCalled();
  });
});
