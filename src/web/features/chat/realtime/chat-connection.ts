import { useEffect } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { ChatSocket } from "../../../lib/chat-socket";
import { chatKeys } from "../api/query-keys";
import { mergeMessages, type ThreadMessage } from "../thread";

let current: { userId: string; socket: Promise<ChatSocket> } | null = null;

function connect(userId: string, queryClient: QueryClient): Promise<ChatSocket> {
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: chatKeys.allContacts });
  return ChatSocket.connect({
    onMessage: (message) => {
      const key = chatKeys.messages(message.roomId);
      // Only an open conversation holds messages; the others load when opened.
      if (queryClient.getQueryData(key)) {
        queryClient.setQueryData<ThreadMessage[]>(key, (held = []) =>
          mergeMessages(held, [message]),
        );
      }
      void refreshLists();
    },
    onRead: () => void refreshLists(),
    onDirectoryChanged: () => void refreshLists(),
    onReconnect: () => {
      // Each open conversation fetches only what came after its last seq.
      void queryClient.invalidateQueries({ queryKey: chatKeys.allMessages });
      void refreshLists();
    },
  });
}

/** The tab's one chat connection, for this user; a different user replaces it. */
export function chatConnection(userId: string, queryClient: QueryClient): Promise<ChatSocket> {
  if (current?.userId === userId) return current.socket;
  const previous = current;
  void previous?.socket.then((s) => s.close());
  current = { userId, socket: connect(userId, queryClient) };
  return current.socket;
}

/** Opens the connection after the first render (socket.io-client loads then). */
export function useChatConnection(userId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId) void chatConnection(userId, queryClient);
  }, [userId, queryClient]);
}
