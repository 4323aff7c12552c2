import { useCallback, useEffect, useRef, useState } from "react";
import { lastMessagePreview } from "../../../../shared/chat-format";
import type { PublicUser } from "../../../../shared/user";
import { useLiveAgentAvailability } from "../api/availability";
import { useMessages, useOlderMessages } from "../api/get-messages";
import { useSendMessage } from "../api/send-message";
import type { ComposerMode } from "../desk/composer-mode";
import {
  useLastLiveMessage,
  usePeerTyping,
  useWatchRoom,
} from "../realtime/chat-connection-provider";
import { useConversationTools } from "../tools/use-conversation-tools";
import { useChatFiles } from "./use-chat-files";
import { useConversationMessages } from "./use-conversation-messages";
import { useListedQuietRoom } from "./use-listed-room";
import { useOpenedRoom } from "./use-opened-room";

/** Everything one conversation holds: the room, its messages, tools, files and composer state. */
export function useConversation(user: PublicUser, peerId: string, roomHint: string | undefined) {
  const room = useOpenedRoom(peerId, roomHint);
  const { opened } = room;
  const roomId = opened?.roomId;
  const [composerMode, setComposerMode] = useState<ComposerMode>("reply");
  // The messages load beside the opening when the list already names a quiet room.
  const listedRoom = useListedQuietRoom(user.admin, peerId, roomHint, roomId !== undefined);
  const messagesRoomId = roomId ?? listedRoom;
  const stored = useMessages(messagesRoomId);
  // Agents hear the conversation they show (the listed room's too, before it
  // opens); artists hear their rooms anyway.
  useWatchRoom(user.admin ? messagesRoomId : undefined);
  const older = useOlderMessages(messagesRoomId);
  const sender = useSendMessage(roomId, user);
  const composerText = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState("");
  const focusComposer = useCallback(() => composerText.current?.focus(), []);
  // A quote goes with a reply to the artist, never with a note.
  const replyMode = useCallback(() => setComposerMode("reply"), [setComposerMode]);
  const { searchButton, ...tools } = useConversationTools({
    roomId,
    loadOlder: older.load,
    focusComposer,
    onReplyStart: replyMode,
  });
  const peerTyping = usePeerTyping(roomId);
  const files = useChatFiles(roomId, user, sender, focusComposer);
  const { messages, seenId } = useConversationMessages(
    user.id,
    peerId,
    opened,
    stored.data?.messages,
    files.pending,
  );
  const announcement = useLiveAnnouncement(roomId, user.id);

  // The cursor waits in the message box once the conversation can be written to.
  useEffect(() => {
    if (roomId) composerText.current?.focus();
  }, [roomId]);

  const peerAvailability = useLiveAgentAvailability(
    user.admin ? undefined : opened?.peer.id,
    opened?.peerAvailability,
  );

  return {
    room,
    roomId,
    composerMode,
    setComposerMode,
    stored,
    older,
    // A file still in its checks is retried or removed there, the rest in the outbox.
    sender: { ...sender, retry: files.retry, remove: files.remove },
    composerText,
    draft: { text: draft, setText: setDraft },
    searchButton,
    tools,
    peerTyping,
    messages,
    seenId,
    files,
    announcement,
    peerAvailability,
  };
}

/** What a screen reader hears when the other person's message arrives live. */
function useLiveAnnouncement(roomId: string | undefined, ownId: string): string {
  const live = useLastLiveMessage();
  return live && live.roomId === roomId && live.userId !== ownId
    ? `New message from ${live.senderName}: ${lastMessagePreview(live)}`
    : "";
}
