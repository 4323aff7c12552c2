import { useCallback } from "react";
import {
  FROM_MSG_NUM,
  TO_MSG_NUM,
  type ChatFileType,
  type MessageSongRef,
} from "../../../../shared/chat";
import { displayName, type PublicUser } from "../../../../shared/user";
import type { MessageQuote } from "../../../../shared/quote";
import type { OutboxItem } from "../outbox/outbox";
import { useChatConnection } from "../realtime/chat-connection-provider";
import { PENDING_SEQ, type ThreadMessage } from "../thread";
import { newMessageId } from "./message-id";

/**
 * Sending goes through the outbox: the message shows at once as "sending"
 * (made here, with its own uuid), is kept in IndexedDB until the server's
 * ack carries the stored copy, and is resent after a reload.
 */
export function useSendMessage(roomId: string | undefined, user: PublicUser) {
  const connection = useChatConnection();
  const add = useCallback(
    (
      text: string,
      file: { data: File; kind: ChatFileType } | null,
      song: MessageSongRef | null = null,
      quote: MessageQuote | null = null,
      id: string = newMessageId(),
    ): Promise<void> => {
      if (!roomId) return Promise.resolve();
      return connection.outbox().then((outbox) =>
        outbox.add({
          id,
          roomId,
          senderName: displayName(user),
          text,
          createdAt: Date.now(),
          file,
          song,
          quote,
        }),
      );
    },
    [connection, roomId, user],
  );
  // Stable callbacks: every bubble gets them, and bubbles are memoised.
  const retry = useCallback(
    (id: string): void => void connection.outbox().then((o) => o.retry(id)),
    [connection],
  );
  const remove = useCallback(
    (id: string): void => void connection.outbox().then((o) => o.remove(id)),
    [connection],
  );
  /**
   * A checked file; `id` keeps the pending bubble the conversation showed
   * while it was checked. Resolves once the outbox holds it.
   */
  const sendFile = useCallback(
    (data: File, kind: ChatFileType, id?: string) => add("", { data, kind }, null, null, id),
    [add],
  );
  return {
    /** Text, with the song the composer refers to ("Ask about this song"), if any. */
    sendText: (
      text: string,
      song: MessageSongRef | null = null,
      quote: MessageQuote | null = null,
    ) => void add(text, null, song, quote),
    sendFile,
    retry,
    remove,
  };
}

/** An outbox entry as a bubble shows it: pending (or failed) after every stored message. */
export function outboxMessage(item: OutboxItem): ThreadMessage {
  return {
    id: item.id,
    roomId: item.roomId,
    seq: PENDING_SEQ,
    userId: item.userId,
    senderName: item.senderName,
    text: item.text,
    createdAt: item.createdAt,
    status: "sending",
    from_msg_num: FROM_MSG_NUM,
    to_msg_num: TO_MSG_NUM,
    fileUrl: null,
    fileType: item.file?.kind ?? null,
    fileName: item.file?.data.name ?? null,
    fileSize: item.file?.data.size ?? null,
    song: item.song ?? null,
    quote: item.quote ?? null,
    ...(item.progress !== null ? { progress: item.progress } : {}),
    ...(item.failure ? { failure: item.failure, permanent: item.permanent === true } : {}),
    ...(item.file ? { localFile: item.file.data } : {}),
  };
}
