import { useState } from "react";
import { useSearchParams } from "react-router";
import { AtSign } from "lucide-react";
import {
  AWAITING_LABEL,
  DESK_VIEWS,
  DESK_VIEW_LABELS,
  formatWaiting,
  type DeskConversation,
  type DeskInbox as DeskInboxAnswer,
  type DeskView,
} from "../../../../shared/desk";
import { Spinner } from "../../../components/spinner";
import { deskLinkName } from "../components/contact-link-name";
import { ListRow, ListSearch, UnreadBadge, lastMessageLine } from "../components/list-parts";
import { useDeskInbox } from "./desk-api";
import { useDeskLiveUpdates } from "./use-desk-live-updates";
import { useNow } from "./use-now";
import { AWAITING_PARAM, ROOM_PARAM, VIEW_PARAM } from "./desk-params";

interface DeskFilter {
  view: DeskView;
  /** Only the conversations where the artist spoke last (Mine and Team only). */
  awaiting: boolean;
}

/**
 * The view and the Awaiting reply filter kept in the URL
 * (`?view=team&awaiting=1`); Mine, unfiltered, when absent or unknown.
 */
export function useDeskFilter(): DeskFilter {
  const [params] = useSearchParams();
  const view = DESK_VIEWS.find((v) => v === params.get(VIEW_PARAM)) ?? "mine";
  return { view, awaiting: view !== "resolved" && params.get(AWAITING_PARAM) === "1" };
}

/** Where a row leads: the artist's conversation, this very room, the same view and filter. */
export function conversationHref(
  row: Pick<DeskConversation, "artist" | "roomId">,
  { view, awaiting }: DeskFilter,
) {
  const query = new URLSearchParams({ [ROOM_PARAM]: row.roomId, [VIEW_PARAM]: view });
  if (awaiting) query.set(AWAITING_PARAM, "1");
  return `/inbox/${encodeURIComponent(row.artist.id)}?${query.toString()}`;
}

const EMPTY: Record<DeskView, string> = {
  mine: "Nothing assigned to you is open.",
  team: "No open conversations.",
  resolved: "No resolved conversations yet.",
};

function DeskRow({
  row,
  filter,
  active,
  ownId,
  now,
}: {
  row: DeskConversation;
  filter: DeskFilter;
  active: boolean;
  ownId: string;
  now: number;
}) {
  const unread = filter.view === "mine" ? row.unread : 0;
  const waiting =
    row.waitingSince !== null && row.status === "open"
      ? formatWaiting(row.waitingSince, now)
      : null;
  return (
    <ListRow
      to={conversationHref(row, filter)}
      active={active}
      label={deskLinkName({ name: row.artist.name, unread, waiting, mentioned: row.mentioned })}
      picture={row.artist.picture}
      name={row.artist.name}
      at={row.lastMessage?.createdAt}
      now={now}
    >
      <span className="truncate text-sm text-slate-600 dark:text-slate-300">
        {lastMessageLine(row.lastMessage, ownId)}
      </span>
      <span className="flex flex-wrap items-center gap-1.5 text-xs">
        <span className="text-slate-700 dark:text-slate-300">
          {row.assignee
            ? row.assignee.id === ownId
              ? "Assigned to you"
              : `Assigned to ${row.assignee.name}`
            : "Unassigned"}
        </span>
        {waiting && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
            {waiting}
          </span>
        )}
        {row.mentioned && (
          <span className="flex items-center gap-0.5 rounded-full bg-violet-100 px-2 py-0.5 font-semibold text-violet-900 dark:bg-violet-900 dark:text-violet-100">
            <AtSign aria-hidden="true" className="size-3" />
            Mentioned
          </span>
        )}
        {unread > 0 && <UnreadBadge count={unread} className="ml-auto" />}
      </span>
    </ListRow>
  );
}

/**
 * What the inbox keeps up while it is out of sight (a phone showing one
 * conversation): its rows, which the conversation reads before its room
 * opens, and the live updates that refresh them and the open room's desk
 * state. Nothing is drawn.
 */
export function DeskInboxData() {
  useLiveDeskInbox(useDeskFilter(), "");
  return null;
}

/** One view of the inbox, kept live (drawn or not). */
function useLiveDeskInbox({ view, awaiting }: DeskFilter, q: string) {
  useDeskLiveUpdates();
  return useDeskInbox(view, q, awaiting);
}

/** Mine, Team and Resolved with their counts; within Mine and Team, Awaiting reply with its own. */
function DeskFilterChooser(props: { filter: DeskFilter; data: DeskInboxAnswer | undefined }) {
  const { filter, data } = props;
  const [, setParams] = useSearchParams();
  const choose = (next: DeskFilter) =>
    setParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set(VIEW_PARAM, next.view);
        if (next.awaiting) params.set(AWAITING_PARAM, "1");
        else params.delete(AWAITING_PARAM);
        return params;
      },
      { replace: true },
    );
  const { view, awaiting } = filter;
  return (
    <>
      <div role="group" aria-label="View" className="flex gap-2 text-sm">
        {DESK_VIEWS.map((key) => (
          <FilterButton
            key={key}
            pressed={view === key}
            // Moving between Mine and Team keeps the filter; Resolved has none.
            onClick={() => choose({ view: key, awaiting: awaiting && key !== "resolved" })}
            label={DESK_VIEW_LABELS[key]}
            count={data?.counts[key]}
            testId={`count-${key}`}
          />
        ))}
      </div>
      {view !== "resolved" && (
        <div role="group" aria-label="Filter" className="flex gap-2 text-sm">
          <FilterButton
            pressed={awaiting}
            onClick={() => choose({ view, awaiting: !awaiting })}
            label={AWAITING_LABEL}
            count={data?.awaitingCounts[view]}
            testId="count-awaiting"
          />
        </div>
      )}
    </>
  );
}

function FilterButton(props: {
  pressed: boolean;
  onClick: () => void;
  label: string;
  count: number | undefined;
  testId: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={props.pressed}
      onClick={props.onClick}
      className={`flex items-center gap-1.5 rounded-full px-3 py-1 font-medium ring-1 ${props.pressed ? "bg-indigo-700 text-white ring-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:ring-indigo-400" : "text-slate-800 ring-slate-300 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800"}`}
    >
      {props.label}
      <span className="tabular-nums" data-testid={props.testId}>
        {props.count ?? "–"}
      </span>
    </button>
  );
}

/**
 * The agents' inbox: Mine, Team and Resolved, each with its count, searchable
 * within the view; waiting conversations first. Live through the socket.
 */
export function DeskInbox({ ownId, activePeerId }: { ownId: string; activePeerId?: string }) {
  const filter = useDeskFilter();
  const { view, awaiting } = filter;
  const [params] = useSearchParams();
  const activeRoomId = params.get(ROOM_PARAM);
  const isActive = (row: DeskConversation) =>
    activeRoomId ? row.roomId === activeRoomId : row.artist.id === activePeerId;
  const [search, setSearch] = useState("");
  const { data, isPending, isError } = useLiveDeskInbox(filter, search.trim());
  const now = useNow();

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <h1 className="text-2xl font-bold">Inbox</h1>
        <DeskFilterChooser filter={filter} data={data} />
        <ListSearch
          label="Search conversations"
          placeholder="Search by name or email"
          value={search}
          onChange={setSearch}
        />
      </div>
      {isPending ? (
        <Spinner className="p-6" />
      ) : isError ? (
        <p className="p-4 text-sm text-slate-600 dark:text-slate-300">
          Conversations could not be loaded.
        </p>
      ) : data.conversations.length === 0 ? (
        <p className="p-4 text-sm text-slate-600 dark:text-slate-300">
          {search
            ? "Nobody matches your search."
            : awaiting
              ? "Nobody here is awaiting a reply."
              : EMPTY[view]}
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
              filter={filter}
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
