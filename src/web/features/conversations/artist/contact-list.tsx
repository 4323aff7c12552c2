import { useState } from "react";
import { useSearchParams } from "react-router";
import { ListStatus } from "../../../components/list-status";
import { Spinner } from "../../../components/spinner";
import { useContacts } from "../api/get-contacts";
import { useLiveAvailabilityInContacts } from "../api/availability";
import { AvailabilityLine } from "../components/availability-line";
import { useSongReference } from "../api/get-song-reference";
import {
  RELEASE_PARAM,
  SONG_PARAM,
  withReleaseReference,
  withSongReference,
} from "../ask/song-reference";
import { contactLinkName } from "../components/contact-link-name";
import { ListRow, ListSearch, UnreadBadge, lastMessageLine } from "../components/list-parts";

/** Above the agent list while a song (or release) question waits for its agent. */
function AskingAbout({ songId }: { songId: string | null }) {
  const song = useSongReference(songId);
  return (
    <p className="rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-950 dark:bg-indigo-950 dark:text-indigo-100">
      {!songId ? (
        "Choose a support agent to ask about your release."
      ) : song.data ? (
        <>
          Choose a support agent to ask about <strong>{song.data.title}</strong>.
        </>
      ) : (
        "Choose a support agent to ask about your song."
      )}
    </p>
  );
}

/**
 * What the list keeps up while it is out of sight (a phone showing one
 * conversation): the agents' availability, live. Nothing is drawn; the
 * contacts themselves are kept by the app's unread badge.
 */
export function ContactListData() {
  useLiveAvailabilityInContacts(true);
  return null;
}

/** The artist's searchable list of support agents (agents use the desk inbox). */
export function ContactList({ ownId, activePeerId }: { ownId: string; activePeerId?: string }) {
  const [search, setSearch] = useState("");
  const { data: contacts, isPending, isError } = useContacts(search.trim());
  useLiveAvailabilityInContacts(true);
  // "Ask about this song" without a previous agent: the chosen agent gets the song.
  const [params] = useSearchParams();
  const songId = params.get(SONG_PARAM) || null;
  const releaseId = params.get(RELEASE_PARAM) || null;
  // Said in a live region that is there before it (ListStatus).
  const empty = !isPending && !isError && contacts.length === 0;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <h1 className="text-2xl font-bold">Chats</h1>
        {(songId || releaseId) && !activePeerId && <AskingAbout songId={songId} />}
        <ListSearch
          label="Search support agents"
          placeholder="Search by username or email"
          value={search}
          onChange={setSearch}
        />
      </div>
      <ListStatus
        message={empty ? (search ? "Nobody matches your search." : "No support agents yet.") : null}
        className="p-4 text-sm text-slate-600 dark:text-slate-300"
      />
      {isPending ? (
        <Spinner className="p-6" />
      ) : isError ? (
        <p className="p-4 text-sm text-slate-600 dark:text-slate-300">
          Support agents could not be loaded.
        </p>
      ) : contacts.length === 0 ? null : (
        <ul
          aria-label="Support agents"
          className="min-h-0 flex-1 divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800"
        >
          {contacts.map((contact) => (
            <ListRow
              key={contact.userId}
              to={
                releaseId
                  ? withReleaseReference(`/chat/${contact.userId}`, releaseId)
                  : withSongReference(`/chat/${contact.userId}`, songId)
              }
              active={contact.userId === activePeerId}
              label={contactLinkName(contact)}
              picture={contact.picture}
              name={contact.name}
              at={contact.lastMessage?.createdAt}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate text-sm text-slate-600 dark:text-slate-300">
                  {lastMessageLine(contact.lastMessage, ownId)}
                </span>
                {contact.unread > 0 && <UnreadBadge count={contact.unread} />}
              </span>
              <AvailabilityLine availability={contact.availability} />
            </ListRow>
          ))}
        </ul>
      )}
    </div>
  );
}
