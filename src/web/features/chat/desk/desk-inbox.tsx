import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AtSign, Search } from "lucide-react";
import { formatChatTime, lastMessagePreview } from "../../../../shared/chat-format";
import {
  DESK_VIEWS,
  DESK_VIEW_LABELS,
  formatWaiting,
  type DeskConversation,
  type DeskView,
} from "../../../../shared/desk";
import { Avatar } from "../../../components/avatar";
import { Spinner } from "../../../components/spinner";
import { inputClass } from "../../../components/text-field";
import { useDeskInbox } from "./desk-api";
import { useDeskLiveUpdates } from "./use-desk-live-updates";
import { useNow } from "./use-now";
import { ROOM_PARAM, VIEW_PARAM } from "./desk-params";

/** The view kept in the URL (`?view=team`); Mine when absent or unknown. */
export function useDeskView(): DeskView {
  const [params] = useSearchParams();
  const view = params.get(VIEW_PARAM);
  return DESK_VIEWS.find((v) => v === view) ?? "mine";
}

/** Where a row leads: the artist's conversation, this very room, the same view. */
export function conversationHref(row: Pick<DeskConversation, "artist" | "roomId">, view: DeskView) {
  const query = new URLSearchParams({ [ROOM_PARAM]: row.roomId, [VIEW_PARAM]: view });
  return `/inbox/${encodeURIComponent(row.artist.id)}?${query.toString()}`;
}

const EMPTY: Record<DeskView, string> = {
  mine: "Nothing assigned to you is open.",
  team: "No open conversations.",
  resolved: "No resolved conversations yet.",
};

function DeskRow({
  row,
  view,
  active,
  ownId,
  now,
}: {
  row: DeskConversation;
  view: DeskView;
  active: boolean;
  ownId: string;
  now: number;
}) {
  const last = row.lastMessage;
  return (
    <li>
      <Link
        to={conversationHref(row, view)}
        aria-current={active ? "page" : undefined}
        className={`flex items-center gap-3 px-4 py-3 hover:bg-slate-100 dark:hover:bg-slate-800 ${active ? "bg-indigo-50 dark:bg-indigo-950" : ""}`}
      >
        <Avatar src={row.artist.picture} name={row.artist.name} size="md" />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline justify-between gap-2">
            <span className="truncate font-semibold">{row.artist.name}</span>
            {last && (
              <time
                dateTime={new Date(last.createdAt).toISOString()}
                className="shrink-0 text-xs text-slate-600 dark:text-slate-300"
              >
                {formatChatTime(last.createdAt, now)}
              </time>
            )}
          </span>
          <span className="truncate text-sm text-slate-600 dark:text-slate-300">
            {last
              ? `${last.senderId === ownId ? "You: " : ""}${lastMessagePreview(last)}`
              : "No messages yet"}
          </span>
          <span className="flex flex-wrap items-center gap-1.5 text-xs">
            <span className="text-slate-700 dark:text-slate-300">
              {row.assignee
                ? row.assignee.id === ownId
                  ? "Assigned to you"
                  : `Assigned to ${row.assignee.name}`
                : "Unassigned"}
            </span>
            {row.waitingSince !== null && row.status === "open" && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                {formatWaiting(row.waitingSince, now)}
              </span>
            )}
            {row.mentioned && (
              <span className="flex items-center gap-0.5 rounded-full bg-violet-100 px-2 py-0.5 font-semibold text-violet-900 dark:bg-violet-900 dark:text-violet-100">
                <AtSign aria-hidden="true" className="size-3" />
                Mentioned
              </span>
            )}
            {view === "mine" && row.unread > 0 && (
              <span className="ml-auto flex h-5 min-w-5 items-center justify-center rounded-full bg-indigo-600 px-1.5 font-bold text-white dark:bg-indigo-400 dark:text-slate-950">
                <span aria-hidden="true">{row.unread}</span>
                <span className="sr-only">
                  {row.unread === 1 ? "1 unread message" : `${row.unread} unread messages`}
                </span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The agents' inbox: Mine, Team and Resolved, each with its count, searchable
 * within the view; waiting conversations first. Live through the socket.
 */
export function DeskInbox({ ownId, activePeerId }: { ownId: string; activePeerId?: string }) {
  useDeskLiveUpdates();
  const view = useDeskView();
  const [params, setParams] = useSearchParams();
  const activeRoomId = params.get(ROOM_PARAM);
  const isActive = (row: DeskConversation) =>
    activeRoomId ? row.roomId === activeRoomId : row.artist.id === activePeerId;
  const [search, setSearch] = useState("");
  const { data, isPending, isError } = useDeskInbox(view, search.trim());
  const now = useNow();
  const searchId = useId();
  const choose = (next: DeskView) =>
    setParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set(VIEW_PARAM, next);
        return params;
      },
      { replace: true },
    );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <h1 className="text-2xl font-bold">Inbox</h1>
        <div role="group" aria-label="View" className="flex gap-2 text-sm">
          {DESK_VIEWS.map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={view === key}
              onClick={() => choose(key)}
              className={`flex items-center gap-1.5 rounded-full px-3 py-1 font-medium ring-1 ${view === key ? "bg-indigo-700 text-white ring-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:ring-indigo-400" : "text-slate-800 ring-slate-300 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800"}`}
            >
              {DESK_VIEW_LABELS[key]}
              <span className="tabular-nums" data-testid={`count-${key}`}>
                {data ? data.counts[key] : "–"}
              </span>
            </button>
          ))}
        </div>
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            Search conversations
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
            placeholder="Search by name or email"
            className={`${inputClass} pl-9`}
          />
        </div>
      </div>
      {isPending ? (
        <Spinner className="p-6" />
      ) : isError ? (
        <p className="p-4 text-sm text-slate-600 dark:text-slate-300">
          Conversations could not be loaded.
        </p>
      ) : data.conversations.length === 0 ? (
        <p className="p-4 text-sm text-slate-600 dark:text-slate-300">
          {search ? "Nobody matches your search." : EMPTY[view]}
        </p>
      ) : (
        <ul
          aria-label="Conversations"
          className="min-h-0 flex-1 divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800"
        >
          {data.conversations.map((row) => (
            <DeskRow
              key={row.roomId}
              row={row}
              view={view}
              active={isActive(row)}
              ownId={ownId}
              now={now}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
