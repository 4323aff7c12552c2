import { useId, useState } from "react";
import { Link } from "react-router";
import { Search } from "lucide-react";
import type { ChatContact } from "../../../../shared/chat";
import { formatChatTime, lastMessagePreview } from "../../../../shared/chat-format";
import { Avatar } from "../../../components/avatar";
import { Spinner } from "../../../components/spinner";
import { inputClass } from "../../../components/text-field";
import { useContacts } from "../api/get-contacts";

function ContactRow({
  contact,
  to,
  active,
}: {
  contact: ChatContact;
  to: string;
  active: boolean;
}) {
  const last = contact.lastMessage;
  return (
    <li>
      <Link
        to={to}
        aria-current={active ? "page" : undefined}
        className={`flex items-center gap-3 px-4 py-3 hover:bg-slate-100 dark:hover:bg-slate-800 ${active ? "bg-indigo-50 dark:bg-indigo-950" : ""}`}
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
              {last ? lastMessagePreview(last) : "No messages yet"}
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
        </span>
      </Link>
    </li>
  );
}

/** The artist's searchable agent list, or the agent's inbox of artists. */
export function ContactList({ admin, activePeerId }: { admin: boolean; activePeerId?: string }) {
  const [search, setSearch] = useState("");
  const { data: contacts, isPending, isError } = useContacts(search.trim());
  const searchId = useId();
  const title = admin ? "Inbox" : "Chats";
  const searchLabel = admin ? "Search conversations" : "Search support agents";

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <h1 className="text-2xl font-bold">{title}</h1>
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
      </div>
      {isPending ? (
        <Spinner className="p-6" />
      ) : isError ? (
        <p className="p-4 text-sm text-slate-600 dark:text-slate-300">
          {admin ? "Conversations could not be loaded." : "Support agents could not be loaded."}
        </p>
      ) : contacts.length === 0 ? (
        <p className="p-4 text-sm text-slate-600 dark:text-slate-300">
          {search
            ? "Nobody matches your search."
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
              to={admin ? `/inbox/${contact.userId}` : `/chat/${contact.userId}`}
              active={contact.userId === activePeerId}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
