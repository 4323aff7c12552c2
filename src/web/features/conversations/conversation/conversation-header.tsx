import type { RefObject } from "react";
import { Link } from "react-router";
import { ArrowLeft, Search } from "lucide-react";
import type { OpenedRoom } from "../../../../shared/chat";
import type { PublicUser } from "../../../../shared/user";
import { Avatar } from "../../../components/avatar";
import { AvailabilityLine } from "../components/availability-line";
import { iconButton } from "../components/icon-button";
import { LazyArtistProfileButton, LazyDeskControls } from "../desk/lazy-desk";
import type { useLiveAgentAvailability } from "../api/availability";
import { conversationHeaderClass, deskRowClass } from "./header-layout";

interface ConversationHeaderProps {
  user: PublicUser;
  peer: OpenedRoom["peer"] | undefined;
  roomId: string | undefined;
  peerAvailability: ReturnType<typeof useLiveAgentAvailability>;
  searchButton: RefObject<HTMLButtonElement | null>;
  search: { open: boolean; toggle: () => void };
  /** Fetches the search's code ahead, on hover or focus of its button. */
  preloadSearch: () => void;
}

/** Back to chats, who the conversation is with, search; for agents the desk's controls. */
export function ConversationHeader({
  user,
  peer,
  roomId,
  peerAvailability,
  searchButton,
  search,
  preloadSearch,
}: ConversationHeaderProps) {
  return (
    <header className={conversationHeaderClass}>
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
          {user.admin && <LazyArtistProfileButton artist={peer} />}
          <button
            ref={searchButton}
            type="button"
            className={iconButton}
            aria-label="Search"
            aria-expanded={search.open}
            onClick={search.toggle}
            onPointerEnter={preloadSearch}
            onFocus={preloadSearch}
          >
            <Search aria-hidden="true" className="size-5" />
          </button>
        </>
      )}
      {user.admin && (
        // The desk's row is there from the first paint: its controls arrive
        // with the room's desk state, and the messages below must not move.
        <div className={deskRowClass}>
          {roomId && <LazyDeskControls roomId={roomId} ownId={user.id} />}
        </div>
      )}
    </header>
  );
}
