import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useParams, useSearchParams } from "react-router";
import { ArrowLeft, Search, Upload } from "lucide-react";
import { chatRoomId, type OpenedRoom } from "../../../shared/chat";
import { lastMessagePreview } from "../../../shared/chat-format";
import type { PublicUser } from "../../../shared/user";
import { Avatar } from "../../components/avatar";
import { Spinner } from "../../components/spinner";
import { useSession } from "../../lib/auth/session";
import { ApiError } from "../../lib/api-client";
import { usePageVisible } from "../../lib/use-page-visible";
import { useLinkStatus } from "../../realtime/realtime-provider";
import { chatKeys } from "./api/query-keys";
import { ConversationOffline } from "./components/conversation-offline";
import { useMarkRead } from "./api/mark-read";
import { useMessages, useOlderMessages } from "./api/get-messages";
import { useOpenRoom } from "./api/open-room";
import { useSongReference } from "./api/get-song-reference";
import { SONG_PARAM } from "./ask/song-reference";
import { outboxMessage, useSendMessage } from "./api/send-message";
import { ArtistProfile } from "./components/artist-profile";
import { ArtistProfileButton } from "./components/artist-profile-button";
import { Composer } from "./components/composer";
import { ConnectionBanner } from "./components/connection-banner";
import { MessageList } from "./components/message-list";
import { SongReferenceChip } from "./components/song-reference-chip";
import { checkChatFiles } from "./file-check";
import {
  useChatConnection,
  useDirectoryVersion,
  useLastLiveMessage,
  useLiveReadMark,
  useOutboxItems,
  usePeerTyping,
  useWatchRoom,
} from "./realtime/chat-connection-provider";
import { TYPING_EVERY_MS } from "../../../shared/chat-events";
import { mergeMessages } from "./thread";
import { useLiveAgentAvailability } from "./api/availability";
import { AvailabilityLine } from "./components/availability-line";
import { QuotePreview } from "./components/quote-preview";
import { SearchBar } from "./components/search-bar";
import { iconButton } from "./components/icon-button";
import { MessageToolsContext } from "./tools/message-tools-context";
import { useConversationTools } from "./tools/use-conversation-tools";
import { useSavedReplyAssist } from "./tools/use-saved-reply-assist";
import { ComposerModeSwitch, useComposerMode } from "./desk/composer-mode";
import { usePostNote } from "./desk/desk-api";
import { DeskControls } from "./desk/desk-controls";
import { ROOM_PARAM } from "./desk/desk-params";

const hasFiles = (event: React.DragEvent) => event.dataTransfer.types.includes("Files");

// A song card opens the song where the viewer works on it.
const artistSongHref = (songId: string) => `/song/${encodeURIComponent(songId)}`;
const agentSongHref = (songId: string) => `/desk/songs/${encodeURIComponent(songId)}`;

/**
 * "Ask about this song": the song the composer refers to, kept in the URL
 * (`?song=`) so a reload keeps it, until it is sent or removed. Artists only:
 * agents reach songs from the profile pane.
 */
function useComposerSong(user: PublicUser) {
  const [params, setParams] = useSearchParams();
  const songId = user.admin ? null : params.get(SONG_PARAM) || null;
  const song = useSongReference(songId);
  const drop = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SONG_PARAM);
        return next;
      },
      { replace: true },
    );
  return { songId, song, drop };
}

function Conversation({
  user,
  peerId,
  roomHint,
}: {
  user: PublicUser;
  peerId: string;
  /** An agent coming from the desk names the artist's room (`?room=`). */
  roomHint?: string;
}) {
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
  const openNow = useCallback(
    () =>
      open(roomHint ? { peerId, roomId: roomHint } : peerId, {
        onSuccess: (room) => {
          queryClient.setQueryData(openedKey, room);
          setOpened(room);
          setUnreadAtOpen((held) => (held === undefined ? (room.firstUnread ?? null) : held));
        },
      }),
    // openedKey is made of peerId and roomHint.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [open, peerId, roomHint, queryClient],
  );
  // Opened once per conversation, and again when names or pictures changed.
  useEffect(() => openNow(), [openNow, directoryVersion]);
  // Offline, the open waits (paused) and goes out when the network is back;
  // one that failed on the network is tried again once the link is back.
  const openOffline = !opened && (openWaiting || (openFailed && !(openError instanceof ApiError)));
  const linkStatus = useLinkStatus();
  useEffect(() => {
    if (linkStatus === "connected" && openFailed && !(openError instanceof ApiError)) openNow();
  }, [linkStatus, openFailed, openError, openNow]);
  const [composerMode, setComposerMode] = useComposerMode();
  const postNote = usePostNote(opened?.roomId);
  const roomId = opened?.roomId;
  const stored = useMessages(roomId);
  // Agents hear the conversation they show; artists hear their rooms anyway.
  useWatchRoom(user.admin ? roomId : undefined);
  const older = useOlderMessages(roomId);
  const sender = useSendMessage(roomId, user);
  const composerSong = useComposerSong(user);
  const outbox = useOutboxItems();
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
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
  const assist = useSavedReplyAssist({
    enabled: user.admin,
    roomId,
    text: draft,
    setText: setDraft,
    focusText: focusComposer,
  });
  const live = useLastLiveMessage();
  const connection = useChatConnection();
  const peerTyping = usePeerTyping(roomId);
  const liveRead = useLiveReadMark(roomId, opened?.peer.id);
  const lastTypingSignal = useRef(0);
  const onTyping = () => {
    const now = Date.now();
    if (!roomId || now - lastTypingSignal.current < TYPING_EVERY_MS) return;
    lastTypingSignal.current = now;
    connection.sendTyping(roomId);
  };

  // Known before the room is opened (offline after a reload): the pending
  // messages of this conversation show while it waits for the network.
  const pendingRoomId = roomId ?? chatRoomId(user.id, peerId);
  const messages = useMemo(() => {
    const pending = outbox.filter((item) => item.roomId === pendingRoomId).map(outboxMessage);
    return mergeMessages(stored.data?.messages ?? [], pending);
  }, [outbox, pendingRoomId, stored.data]);

  // "Seen" under one's own last stored message once the other person read past it.
  const peerRead = Math.max(opened?.peerLastReadAt ?? -1, liveRead ?? -1);
  const lastOwn = messages.findLast(
    (m) => m.userId === user.id && m.status === "sent" && m.kind === undefined,
  );
  const seenId = lastOwn && peerRead >= lastOwn.createdAt ? lastOwn.id : undefined;

  // Read state follows the eyes: a message that arrives while the
  // conversation is on screen is read; one that arrives in a background tab
  // is read when the tab comes back.
  const lastIncoming = messages.findLast((m) => m.userId !== user.id)?.id;
  const visible = usePageVisible();
  const { mutate: markReadNow } = useMarkRead(roomId);
  useEffect(() => {
    if (lastIncoming && visible) markReadNow();
  }, [lastIncoming, visible, markReadNow]);

  // The cursor waits in the message box once the conversation can be written to.
  useEffect(() => {
    if (roomId) composerText.current?.focus();
  }, [roomId]);

  // A file dropped outside the drop zone must not make the browser leave the chat.
  useEffect(() => {
    const keep = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
    };
    window.addEventListener("dragover", keep);
    window.addEventListener("drop", keep);
    return () => {
      window.removeEventListener("dragover", keep);
      window.removeEventListener("drop", keep);
    };
  }, []);

  const sendFiles = (files: File[]) => {
    setFileError(null);
    // Type, size and content are checked before anything is uploaded.
    void checkChatFiles(files).then(({ accepted, refused }) => {
      for (const { file, kind } of accepted) sender.sendFile(file, kind);
      setFileError(refused);
    });
    composerText.current?.focus();
  };

  // Shown (and sent) with replies only: a note carries no quote.
  const quote = composerMode === "note" ? null : tools.quote;

  const peerAvailability = useLiveAgentAvailability(
    user.admin ? undefined : opened?.peer.id,
    opened?.peerAvailability,
  );

  if (openFailed && !opened && !openOffline) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p>This conversation is not available.</p>
        <Link to="/" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          Back to chats
        </Link>
      </div>
    );
  }
  const peer = opened?.peer;
  const announcement =
    live && live.roomId === roomId && live.userId !== user.id
      ? `New message from ${live.senderName}: ${lastMessagePreview(live)}`
      : "";

  return (
    <div className="flex h-full min-h-0 flex-1 flex-col lg:flex-row">
      {/* Dropping files is a pointer shortcut; the pickers and paste do the same by keyboard. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <section
        aria-label="Conversation"
        className="relative flex min-h-0 min-w-0 flex-1 flex-col"
        onDragEnter={(e) => {
          if (!hasFiles(e) || !roomId) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => {
          if (!hasFiles(e) || !roomId) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = "copy";
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(e) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          setDragging(false);
          if (roomId) sendFiles([...e.dataTransfer.files]);
        }}
      >
        <header className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-white px-2 py-2 dark:border-slate-800 dark:bg-slate-900">
          <Link
            to="/"
            aria-label="Back to chats"
            className="flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
          {peer && (
            <>
              <Avatar src={peer.picture} name={peer.name} size="sm" />
              <div className="flex min-w-0 flex-1 flex-col">
                <h1 className="truncate text-lg font-bold">{peer.name}</h1>
                {!user.admin && <AvailabilityLine availability={peerAvailability} />}
              </div>
              {user.admin && <ArtistProfileButton artist={peer} />}
              <button
                ref={searchButton}
                type="button"
                className={iconButton}
                aria-label="Search"
                aria-expanded={tools.search.open}
                onClick={tools.search.toggle}
              >
                <Search aria-hidden="true" className="size-5" />
              </button>
            </>
          )}
          {user.admin && roomId && <DeskControls roomId={roomId} ownId={user.id} />}
        </header>
        {tools.search.open && (
          <SearchBar
            roomId={roomId}
            onTerms={tools.search.onTerms}
            onMatch={tools.search.onMatch}
            onClose={tools.search.close}
          />
        )}
        <ConnectionBanner />
        {openOffline || (stored.isPending && stored.fetchStatus === "paused") ? (
          <>
            <ConversationOffline
              onRetry={() => (openOffline ? openNow() : void stored.refetch())}
            />
            {messages.length > 0 && (
              <MessageList
                messages={messages}
                ownId={user.id}
                older={{ ...older, hasOlder: false }}
                onRetry={sender.retry}
                onRemove={sender.remove}
                songHref={user.admin ? agentSongHref : artistSongHref}
                seenId={undefined}
              />
            )}
          </>
        ) : stored.isPending ? (
          <Spinner className="flex-1 p-6" />
        ) : stored.isError ? (
          <p className="flex-1 p-4 text-center text-sm">Messages could not be loaded.</p>
        ) : (
          <MessageToolsContext value={tools.tools}>
            <MessageList
              messages={messages}
              ownId={user.id}
              older={{ ...older, hasOlder: stored.data.hasOlder }}
              onRetry={sender.retry}
              onRemove={sender.remove}
              songHref={user.admin ? agentSongHref : artistSongHref}
              seenId={seenId}
              unread={unreadAtOpen}
              peerId={peer?.id}
            />
          </MessageToolsContext>
        )}
        <p className="h-5 shrink-0 px-4 text-xs text-slate-600 italic dark:text-slate-300">
          {peerTyping && peer ? `${peer.name} is typing…` : ""}
        </p>
        <div aria-live="polite" className="sr-only">
          {announcement}
        </div>
        {fileError && (
          <p
            role="alert"
            className="shrink-0 border-t border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {fileError}
          </p>
        )}
        <div className="shrink-0">
          {user.admin && (
            <ComposerModeSwitch
              mode={composerMode}
              onChange={(mode) => {
                setComposerMode(mode);
                composerText.current?.focus();
              }}
            />
          )}
          <Composer
            disabled={!roomId}
            textRef={composerText}
            note={composerMode === "note"}
            onSendText={(text) => {
              // A pending quote waits in Note mode for the next reply.
              if (composerMode === "note") {
                setFileError(null);
                postNote.mutate(text, {
                  onError: (error) => setFileError(`The note was not saved: ${error.message}`),
                });
                return;
              }
              sender.sendText(text, composerSong.song.data ?? null, quote);
              if (composerSong.songId) composerSong.drop();
              tools.dropQuote();
            }}
            draft={{ text: draft, setText: setDraft }}
            assist={assist}
            reference={
              quote || composerSong.songId ? (
                <>
                  {quote && (
                    <QuotePreview
                      quote={quote}
                      onCancel={() => {
                        tools.dropQuote();
                        focusComposer();
                      }}
                    />
                  )}
                  {composerSong.songId && (
                    <SongReferenceChip
                      song={composerSong.song.data}
                      failed={composerSong.song.isError}
                      onRemove={() => {
                        composerSong.drop();
                        composerText.current?.focus();
                      }}
                    />
                  )}
                </>
              ) : null
            }
            canSendEmpty={composerSong.song.data !== undefined}
            waiting={composerSong.songId !== null && composerSong.song.isPending}
            onFiles={sendFiles}
            onTyping={onTyping}
          />
        </div>
        {dragging && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-2 z-10 flex flex-col items-center justify-center gap-2 rounded-2xl border-4 border-dashed border-indigo-500 bg-white/90 text-lg font-semibold text-indigo-800 dark:bg-slate-900/90 dark:text-indigo-200"
          >
            <Upload aria-hidden="true" className="size-8" />
            Drop files to send
          </div>
        )}
      </section>
      {user.admin && peer && (
        <div className="hidden lg:flex">
          <ArtistProfile artist={peer} />
        </div>
      )}
    </div>
  );
}

/** /chat/{adminId} for artists, /inbox/{artistId} for agents. */
export default function ConversationPage() {
  const { data: user } = useSession();
  const { peerId } = useParams();
  const [params] = useSearchParams();
  const roomHint = (user?.admin && params.get(ROOM_PARAM)) || undefined;
  if (!user || !peerId) return null;
  // A new peer (or room) is a new conversation: fresh composer and scroll state.
  return (
    <Conversation
      key={`${peerId} ${roomHint ?? ""}`}
      user={user}
      peerId={peerId}
      roomHint={roomHint}
    />
  );
}
