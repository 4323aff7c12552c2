import type { ReactNode } from "react";
import { useId } from "react";
import { Link } from "react-router";
import { Search } from "lucide-react";
import type { LastMessage } from "../../../../shared/chat";
import { formatChatTime, lastMessagePreview } from "../../../../shared/chat-format";
import { Avatar } from "../../../components/avatar";
import { inputClass } from "../../../components/form-field";

/**
 * The pieces both chat lists are made of: the artist's agent list and the
 * agents' desk inbox.
 */

/** One row: a link with avatar, name and the last message's time, then what the list adds. */
export function ListRow({
  to,
  active,
  label,
  picture,
  name,
  at,
  now,
  children,
}: {
  to: string;
  active: boolean;
  /** The link's accessible name: short (contactLinkName); the rest stays visible text. */
  label: string;
  picture: string | null;
  name: string;
  at: number | undefined;
  now?: number;
  children: ReactNode;
}) {
  return (
    <li>
      {/* The ring drawn inside: the scrolling list would clip one drawn outside. */}
      <Link
        to={to}
        aria-current={active ? "page" : undefined}
        aria-label={label}
        className={`flex items-center gap-3 px-4 py-3 hover:bg-slate-100 focus-visible:-outline-offset-2 dark:hover:bg-slate-800 ${active ? "bg-indigo-50 dark:bg-indigo-950" : ""}`}
      >
        <Avatar src={picture} name={name} size="md" />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline justify-between gap-2">
            <span className="truncate font-semibold">{name}</span>
            {at !== undefined && (
              <time
                dateTime={new Date(at).toISOString()}
                className="shrink-0 text-xs text-slate-600 dark:text-slate-300"
              >
                {formatChatTime(at, now)}
              </time>
            )}
          </span>
          {children}
        </span>
      </Link>
    </li>
  );
}

/** The row's second line: "You: " before one's own last message. */
export function lastMessageLine(last: LastMessage | null, ownId: string): string {
  if (!last) return "No messages yet";
  return `${last.senderId === ownId ? "You: " : ""}${lastMessagePreview(last)}`;
}

/** The unread count, read out in words. */
export function UnreadBadge({ count, className = "" }: { count: number; className?: string }) {
  return (
    <span
      className={`flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs font-bold text-white dark:bg-indigo-400 dark:text-slate-950 ${className}`}
    >
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">
        {count === 1 ? "1 unread message" : `${count} unread messages`}
      </span>
    </span>
  );
}

/** The search field above a list. */
export function ListSearch({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
      />
      <input
        id={id}
        type="search"
        maxLength={100}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={`${inputClass} pl-9`}
      />
    </div>
  );
}
