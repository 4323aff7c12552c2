import { Link, useParams, useSearchParams } from "react-router";
import { Upload } from "lucide-react";
import type { ChatPeer } from "../../../shared/chat";
import type { PublicUser } from "../../../shared/user";
import { inputClass } from "../../components/form-field";
import { useSession } from "../../lib/auth/session";
import { lazyModule } from "../../lib/lazy-module";
import { useMediaQuery, WIDE_LAYOUT } from "../../lib/use-media-query";
import { ConnectionBanner } from "./components/connection-banner";
import { ROOM_PARAM } from "./desk/desk-params";
import { LazyArtistProfile, LazyDeskComposer } from "./desk/lazy-desk";
import {
  ConversationComposer,
  type ConversationComposerProps,
} from "./conversation/conversation-composer";
import { ConversationHeader } from "./conversation/conversation-header";
import { ConversationThread } from "./conversation/conversation-thread";
import { useConversation } from "./conversation/use-conversation";

/** The in-conversation search, fetched when it is first opened (or its button hovered). */
const searchModule = lazyModule(() => import("./components/search-bar"));
const preloadSearch = () => void searchModule.preload().catch(() => undefined);
const SearchBar = searchModule.part(
  (m) => m.SearchBar,
  // The bar's own height, so the messages do not jump when it arrives.
  <div className="flex shrink-0 items-center border-b border-slate-200 bg-white px-2 py-2 dark:border-slate-800 dark:bg-slate-900">
    <p role="status" className={`${inputClass} min-w-0 flex-1 py-1.5 text-slate-600`}>
      Loading the search…
    </p>
  </div>,
);

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
  const c = useConversation(user, peerId, roomHint);
  const { room, roomId, tools, files } = c;
  const peer = room.opened?.peer;
  if (room.unavailable) return <ConversationUnavailable />;

  return (
    <div className="flex h-full min-h-0 flex-1 flex-col xl:flex-row">
      {/* Dropping files is a pointer shortcut; the pickers and paste do the same by keyboard. */}
      <section
        aria-label="Conversation"
        className="relative flex min-h-0 min-w-0 flex-1 flex-col"
        {...files.dropZone}
      >
        <ConversationHeader
          user={user}
          peer={peer}
          roomId={roomId}
          peerAvailability={c.peerAvailability}
          searchButton={c.searchButton}
          search={tools.search}
          preloadSearch={preloadSearch}
        />
        {tools.search.open && (
          <SearchBar roomId={roomId} {...tools.search} onClose={tools.search.close} />
        )}
        <ConnectionBanner />
        <ConversationThread
          user={user}
          peerId={peer?.id}
          messages={c.messages}
          stored={c.stored}
          older={c.older}
          sender={c.sender}
          tools={tools.tools}
          seenId={c.seenId}
          unreadAtOpen={room.unreadAtOpen}
          openOffline={room.openOffline}
          retryOpen={room.openNow}
        />
        <ConversationNotices
          typing={c.peerTyping && peer ? `${peer.name} is typing…` : ""}
          announcement={c.announcement}
          fileError={files.fileError}
          onDismissFile={() => {
            files.setFileError(null);
            c.composerText.current?.focus();
          }}
        />
        <ComposerFor
          user={user}
          roomId={roomId}
          mode={c.composerMode}
          onMode={c.setComposerMode}
          textRef={c.composerText}
          draft={c.draft}
          sender={c.sender}
          // Shown (and sent) with replies only: a note carries no quote.
          quote={c.composerMode === "note" ? null : tools.quote}
          dropQuote={tools.dropQuote}
          sendFiles={files.sendFiles}
          onFailure={files.setFileError}
        />
        {files.dragging && <DropOverlay />}
      </section>
      {user.admin && peer && <ProfilePane artist={peer} />}
    </div>
  );
}

/**
 * The artist's profile beside an agent's conversation, in the wide layout
 * only. Narrower, it opens from the header (ArtistProfileButton); a pane
 * hidden by CSS would still fetch the artist's songs and render them.
 */
function ProfilePane({ artist }: { artist: ChatPeer }) {
  const wide = useMediaQuery(WIDE_LAYOUT);
  if (!wide) return null;
  return (
    <div className="flex">
      <LazyArtistProfile artist={artist} />
    </div>
  );
}

/** An agent's composer (Reply / Note, saved replies) comes with the desk's chunk. */
function ComposerFor(props: ConversationComposerProps) {
  if (!props.user.admin) return <ConversationComposer {...props} />;
  return (
    <LazyDeskComposer {...props}>
      {(desk) => <ConversationComposer {...props} {...desk} />}
    </LazyDeskComposer>
  );
}

/** Who is typing, a live message for screen readers, and a refused file or unsaved note. */
function ConversationNotices(props: {
  typing: string;
  announcement: string;
  fileError: string | null;
  /** Dismiss: the message goes, focus returns to the message box. */
  onDismissFile: () => void;
}) {
  return (
    <>
      <p className="h-5 shrink-0 px-4 text-xs text-slate-600 italic dark:text-slate-300">
        {props.typing}
      </p>
      <div aria-live="polite" className="sr-only">
        {props.announcement}
      </div>
      {props.fileError && (
        <div className="flex shrink-0 items-center gap-2 border-t border-red-300 bg-red-50 px-4 py-1 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <p role="alert" className="min-w-0 flex-1 py-1">
            {props.fileError}
          </p>
          <button
            type="button"
            onClick={props.onDismissFile}
            className="min-h-9 shrink-0 rounded-lg px-2 font-semibold underline hover:bg-red-100 dark:hover:bg-red-900"
          >
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}

function ConversationUnavailable() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
      <p>This conversation is not available.</p>
      <Link to="/" className="font-medium text-indigo-700 underline dark:text-indigo-300">
        Back to chats
      </Link>
    </div>
  );
}

function DropOverlay() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-2 z-10 flex flex-col items-center justify-center gap-2 rounded-2xl border-4 border-dashed border-indigo-500 bg-white/90 text-lg font-semibold text-indigo-800 dark:bg-slate-900/90 dark:text-indigo-200"
    >
      <Upload aria-hidden="true" className="size-8" />
      Drop files to send
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
