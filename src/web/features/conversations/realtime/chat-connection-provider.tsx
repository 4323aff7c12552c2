import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { OutboxItem } from "../outbox/outbox";
import { useRealtime } from "../../../realtime/realtime-provider";
import { ChatConnection } from "./chat-connection";

const ChatConnectionContext = createContext<ChatConnection | null>(null);

/**
 * Holds the signed-in user's chat state (live messages, read marks, typing,
 * outbox) for every page below it, on the RealtimeProvider's link; it closes
 * when the user signs out or another user signs in.
 */
export function ChatConnectionProvider({
  userId,
  children,
}: {
  userId: string;
  children: React.ReactNode;
}) {
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  const [connection] = useState(() => new ChatConnection(queryClient, realtime));
  useEffect(() => {
    connection.open(userId);
    return () => connection.close();
  }, [connection, userId]);
  return <ChatConnectionContext value={connection}>{children}</ChatConnectionContext>;
}

export function useChatConnection(): ChatConnection {
  const connection = useContext(ChatConnectionContext);
  if (!connection) throw new Error("useChatConnection needs a ChatConnectionProvider");
  return connection;
}

/** An agent's open conversation: heard live (messages, notes, desk lines) while mounted. */
export function useWatchRoom(roomId: string | undefined): void {
  const connection = useChatConnection();
  useEffect(() => (roomId ? connection.watchRoom(roomId) : undefined), [connection, roomId]);
}

export function useDirectoryVersion(): number {
  const connection = useChatConnection();
  return useSyncExternalStore(connection.subscribe, connection.getDirectoryVersion);
}

/** Messages of this tab's user not yet acknowledged, across every conversation. */
export function useOutboxItems(): readonly OutboxItem[] {
  const connection = useChatConnection();
  return useSyncExternalStore(connection.subscribe, connection.getOutboxItems);
}

/** The last message that arrived live in any conversation. */
export function useLastLiveMessage() {
  const connection = useChatConnection();
  return useSyncExternalStore(connection.subscribe, connection.getLastLive);
}

/** Whether the other person is typing in this room right now. */
export function usePeerTyping(roomId: string | undefined): boolean {
  const connection = useChatConnection();
  const typing = useSyncExternalStore(connection.subscribe, connection.getTyping);
  return roomId !== undefined && typing.has(roomId);
}

/** The latest read mark of a person in a room announced live, if any. */
export function useLiveReadMark(roomId: string | undefined, userId: string | undefined) {
  const connection = useChatConnection();
  const reads = useSyncExternalStore(connection.subscribe, connection.getReads);
  return roomId && userId ? reads.get(`${roomId} ${userId}`) : undefined;
}

/** This user's own read marks heard live (any tab): room id → lastReadAt. */
export function useOwnReadMarks(): ReadonlyMap<string, number> {
  const connection = useChatConnection();
  return useSyncExternalStore(connection.subscribe, connection.getOwnReads);
}
