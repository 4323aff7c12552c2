import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Search } from "lucide-react";
import type { ChatContact } from "../../../../shared/chat";
import { formatChatTime, lastMessagePreview } from "../../../../shared/chat-format";
import { Avatar } from "../../../components/avatar";
import { Spinner } from "../../../components/spinner";
import { inputClass } from "../../../components/text-field";
import { useContacts } from "../api/get-contacts";
import { useLiveAvailabilityInContacts } from "../api/availability";
import { AvailabilityLine } from "./availability-line";
import { useSongReference } from "../api/get-song-reference";
import { SONG_PARAM, withSongReference } from "../ask/song-reference";
import { contactLinkName } from "./contact-link-name";

function ContactRow({
  contact,
  to,
  active,
  ownId,
}: {
  contact: ChatContact;
  to: string;
  active: boolean;
  ownId: string;
}) {
  const last = contact.lastMessage;
  const mine = last?.senderId === ownId;
  return (
    <li>
      {/* The ring drawn inside: the scrolling list would clip one drawn outside. */}
      <Link
        to={to}
        aria-current={active ? "page" : undefined}
        aria-label={contactLinkName(contact)}
        className={`flex items-center gap-3 px-4 py-3 hover:bg-slate-100 focus-visible:-outline-offset-2 dark:hover:bg-slate-800 ${active ? "bg-indigo-50 dark:bg-indigo-950" : ""}`}
      >
        <Avatar src={contact.picture} name={contact.name} size="md" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-baseline justify-between gap-2">
            <span className="truncate font-semibold">{contact.name}</span>
            {last && (
              <time
                dateTime={new Date(last.createdAt).toISOString()}
                className="shrink-0 text-xs text-slate-600 dark:text-slate-300"
              >
                {formatChatTime(last.createdAt)}
              </time>
            )}
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className="truncate text-sm text-slate-600 dark:text-slate-300">
              {last ? `${mine ? "You: " : ""}${lastMessagePreview(last)}` : "No messages yet"}
            </span>
            {contact.unread > 0 && (
              <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs font-bold text-white dark:bg-indigo-400 dark:text-slate-950">
                <span aria-hidden="true">{contact.unread}</span>
                <span className="sr-only">
                  {contact.unread === 1 ? "1 unread message" : `${contact.unread} unread messages`}
                </span>
              </span>
            )}
          </span>
          <AvailabilityLine availability={contact.availability} />
        </span>
      </Link>
    </li>
  );
}

/** Above the agent list while a song question waits for its agent. */
function AskingAbout({ songId }: { songId: string }) {
  const song = useSongReference(songId);
  return (
    <p className="rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-950 dark:bg-indigo-950 dark:text-indigo-100">
      {song.data ? (
        <>
          Choose a support agent to ask about <strong>{song.data.title}</strong>.
        </>
      ) : (
        "Choose a support agent to ask about your song."
      )}
    </p>
  );
}

/** An artist waits for an answer when they wrote last. */
const awaitingReply = (contact: ChatContact) =>
  contact.lastMessage !== null && contact.lastMessage.senderId === contact.userId;

/** The artist's searchable agent list, or the agent's inbox of artists. */
export function ContactList({
  admin,
  ownId,
  activePeerId,
}: {
  admin: boolean;
  ownId: string;
  activePeerId?: string;
}) {
  const [search, setSearch] = useState("");
  const [onlyAwaiting, setOnlyAwaiting] = useState(false);
  const { data: all, isPending, isError } = useContacts(search.trim());
  useLiveAvailabilityInContacts(!admin);
  const awaitingCount = all?.filter(awaitingReply).length ?? 0;
  const contacts = admin && onlyAwaiting ? all?.filter(awaitingReply) : all;
  const searchId = useId();
  const title = admin ? "Inbox" : "Chats";
  const searchLabel = admin ? "Search conversations" : "Search support agents";
  // "Ask about this song" without a previous agent: the chosen agent gets the song.
  const [params] = useSearchParams();
  const songId = admin ? null : params.get(SONG_PARAM) || null;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <h1 className="text-2xl font-bold">{title}</h1>
        {songId && !activePeerId && <AskingAbout songId={songId} />}
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            {searchLabel}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          />
          <input
            id={searchId}
            type="search"
            maxLength={100}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={admin ? "Search by name or email" : "Search by username or email"}
            className={`${inputClass} pl-9`}
          />
        </div>
        {admin && (
          <div role="group" aria-label="Show" className="flex gap-2 text-sm">
            {[
              { label: "All", pressed: !onlyAwaiting, value: false },
              { label: `Awaiting reply (${awaitingCount})`, pressed: onlyAwaiting, value: true },
            ].map((filter) => (
              <button
                key={filter.label}
                type="button"
                aria-pressed={filter.pressed}
                onClick={() => setOnlyAwaiting(filter.value)}
                className={`rounded-full px-3 py-1 font-medium ring-1 ${filter.pressed ? "bg-indigo-700 text-white ring-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:ring-indigo-400" : "text-slate-800 ring-slate-300 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800"}`}
              >
                {filter.label}
              </button>
            ))}
          </div>
        )}
      </div>
      {isPending ? (
        <Spinner className="p-6" />
      ) : isError || !contacts ? (
        <p className="p-4 text-sm text-slate-600 dark:text-slate-300">
          {admin ? "Conversations could not be loaded." : "Support agents could not be loaded."}
        </p>
      ) : contacts.length === 0 ? (
        <p className="p-4 text-sm text-slate-600 dark:text-slate-300">
          {search
            ? "Nobody matches your search."
            : onlyAwaiting && admin
              ? "Nobody is waiting for a reply."
              : admin
                ? "No conversations yet."
                : "No support agents yet."}
        </p>
      ) : (
        <ul
          aria-label={admin ? "Conversations" : "Support agents"}
          className="min-h-0 flex-1 divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800"
        >
          {contacts.map((contact) => (
            <ContactRow
              key={contact.userId}
              contact={contact}
              to={
                admin
                  ? `/inbox/${contact.userId}`
                  : withSongReference(`/chat/${contact.userId}`, songId)
              }
              active={contact.userId === activePeerId}
              ownId={ownId}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
