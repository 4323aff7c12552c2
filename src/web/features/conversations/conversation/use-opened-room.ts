import { useCallback, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { OpenedRoom } from "../../../../shared/chat";
import { ApiError } from "../../../lib/api-client";
import { useOnResync, useRealtime } from "../../../realtime/realtime-provider";
import { chatKeys } from "../api/query-keys";
import { useOpenRoom } from "../api/open-room";
import { useDirectoryVersion } from "../realtime/chat-connection-provider";
import { OpeningRetry } from "./opening-retry";

/**
 * Opens the room with `peerId` (an agent from the desk names it: `roomHint`),
 * again when names or pictures change, and again after an open that failed
 * on the network: when the link comes back, or after a growing wait.
 */
export function useOpenedRoom(peerId: string, roomHint: string | undefined) {
  const queryClient = useQueryClient();
  const {
    mutate: open,
    isError: openFailed,
    error: openError,
    isPaused: openWaiting,
  } = useOpenRoom();
  // The last answer stays shown while a re-open (after a rename) is in flight;
  // one from earlier in this tab shows at once (offline too).
  const openedKey = chatKeys.opened(roomHint ? `${peerId} ${roomHint}` : peerId);
  const [opened, setOpened] = useState<OpenedRoom | undefined>(() =>
    queryClient.getQueryData(openedKey),
  );
  // The unread messages as the first opening found them: the divider stays until the conversation is left.
  const [unreadAtOpen, setUnreadAtOpen] = useState<OpenedRoom["firstUnread"]>(undefined);
  const directoryVersion = useDirectoryVersion();
  const [retry] = useState(() => new OpeningRetry());
  const openNow = useCallback(
    () =>
      open(roomHint ? { peerId, roomId: roomHint } : peerId, {
        onSuccess: (room) => {
          retry.succeeded();
          queryClient.setQueryData(openedKey, room);
          setOpened(room);
          setUnreadAtOpen((held) => (held === undefined ? (room.firstUnread ?? null) : held));
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) retry.failed();
        },
      }),
    // openedKey is made of peerId and roomHint.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [open, peerId, roomHint, queryClient, retry],
  );
  // Another conversation starts its waits from the shortest.
  useEffect(() => () => retry.succeeded(), [retry, openNow]);
  // Opened once per conversation, and again when names or pictures changed.
  useEffect(() => openNow(), [openNow, directoryVersion]);
  // Offline, the open waits (paused) and goes out when the network is back;
  // one that failed on the network is tried again when the link comes back
  // in touch with the server, or, if the link is up, after a wait that grows
  // with each failure (opening-retry.ts): never in a loop at once.
  const failedOnNetwork = openFailed && !(openError instanceof ApiError);
  const openOffline = !opened && (openWaiting || failedOnNetwork);
  const realtime = useRealtime();
  useOnResync(() => {
    if (!failedOnNetwork) return;
    retry.cancel();
    openNow();
  });
  useEffect(() => {
    if (!failedOnNetwork || realtime.getStatus() !== "connected") return;
    retry.schedule(openNow);
    return () => retry.cancel();
  }, [failedOnNetwork, realtime, openNow, retry]);
  const unavailable = openFailed && !opened && !openOffline;
  return { opened, unreadAtOpen, openNow, openOffline, unavailable };
}
