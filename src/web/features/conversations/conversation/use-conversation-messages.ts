import { useEffect, useMemo } from "react";
import { chatRoomId, type OpenedRoom } from "../../../../shared/chat";
import { usePageVisible } from "../../../lib/use-page-visible";
import { markReadInBackground } from "../api/mark-read";
import { outboxMessage } from "../api/send-message";
import { useLiveReadMark, useOutboxItems } from "../realtime/chat-connection-provider";
import { mergeMessages, type ThreadMessage } from "../thread";

const NO_MESSAGES: readonly ThreadMessage[] = [];

/**
 * The conversation's messages (stored ones and the outbox's pending ones),
 * which of one's own is "Seen", and the read mark that follows the eyes.
 */
export function useConversationMessages(
  ownId: string,
  peerId: string,
  opened: OpenedRoom | undefined,
  stored: readonly ThreadMessage[] | undefined,
  /** Files shown while their checks run (use-files-in-check.ts), before the outbox has them. */
  inCheck: readonly ThreadMessage[] = NO_MESSAGES,
) {
  const roomId = opened?.roomId;
  const outbox = useOutboxItems();
  const liveRead = useLiveReadMark(roomId, opened?.peer.id);
  // Known before the room is opened (offline after a reload): the pending
  // messages of this conversation show while it waits for the network.
  const pendingRoomId = roomId ?? chatRoomId(ownId, peerId);
  const messages = useMemo(() => {
    const pending = outbox.filter((item) => item.roomId === pendingRoomId).map(outboxMessage);
    // The outbox's copy of a file comes last: it wins over its in-check bubble (same id).
    return mergeMessages(stored ?? [], [...inCheck, ...pending]);
  }, [outbox, pendingRoomId, stored, inCheck]);

  // "Seen" under one's own last stored message once the other person read past it.
  const peerRead = Math.max(opened?.peerLastReadAt ?? -1, liveRead ?? -1);
  const lastOwn = messages.findLast(
    (m) => m.userId === ownId && m.status === "sent" && m.kind === undefined,
  );
  const seenId = lastOwn && peerRead >= lastOwn.createdAt ? lastOwn.id : undefined;

  // Read state follows the eyes: a message that arrives while the
  // conversation is on screen is read; one that arrives in a background tab
  // is read when the tab comes back.
  const lastIncoming = messages.findLast((m) => m.userId !== ownId)?.id;
  const visible = usePageVisible();
  // Again once the room is opened: its messages may have shown before (use-listed-room.ts).
  useEffect(() => {
    if (lastIncoming && visible && roomId) markReadInBackground(roomId);
  }, [lastIncoming, visible, roomId]);

  return { messages, seenId };
}
