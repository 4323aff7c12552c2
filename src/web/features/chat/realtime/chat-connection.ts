import { useEffect } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { PublicUser } from "../../../../shared/user";
import { ChatSocket } from "../../../lib/chat-socket";
import { fetchSessionUser, sessionQueryKey } from "../../auth/api/session";
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
      } else {
        // Still loading: its fetch may have been answered before this message
        // was stored, so fetch again (merged by id, nothing doubles). The
        // fetch in flight is cancelled first: without data, an invalidation
        // would only join it.
        void queryClient
          .cancelQueries({ queryKey: key })
          .then(() => queryClient.invalidateQueries({ queryKey: key }));
      }
      void refreshLists();
    },
    onRead: () => void refreshLists(),
    onDirectoryChanged: () => {
      void refreshLists();
      // The open conversation's header and profile pane show names too.
      void queryClient.invalidateQueries({ queryKey: chatKeys.allRooms });
    },
    onReconnect: () => {
      // Each open conversation fetches only what came after its last seq.
      void queryClient.invalidateQueries({ queryKey: chatKeys.allMessages });
      void refreshLists();
    },
    onServerDisconnect: (reconnect) => {
      // After the user's own password change this tab holds a fresh session
      // cookie: reconnect. After sign-out (or deletion) the session is gone.
      void queryClient
        .query({ queryKey: sessionQueryKey, queryFn: fetchSessionUser, staleTime: 0 })
        .then((user) => {
          if (user?.id === userId && current?.userId === userId) reconnect();
        })
        .catch(() => undefined);
    },
  });
}

let stopWatching: (() => void) | null = null;

function closeCurrent() {
  void current?.socket.then((s) => s.close());
  current = null;
  stopWatching?.();
  stopWatching = null;
}

/** The tab's one chat connection, for this user; a different user replaces it. */
export function chatConnection(userId: string, queryClient: QueryClient): Promise<ChatSocket> {
  if (current?.userId === userId) return current.socket;
  closeCurrent();
  current = { userId, socket: connect(userId, queryClient) };
  // Signing out (or in as someone else) ends this user's connection at once.
  stopWatching = queryClient.getQueryCache().subscribe(() => {
    const user = queryClient.getQueryData<PublicUser | null>(sessionQueryKey);
    if (current && user?.id !== current.userId) closeCurrent();
  });
  return current.socket;
}

/** Opens the connection after the first render (socket.io-client loads then). */
export function useChatConnection(userId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId) void chatConnection(userId, queryClient);
  }, [userId, queryClient]);
}
