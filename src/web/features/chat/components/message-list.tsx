import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { ArrowDown } from "lucide-react";
import { Spinner } from "../../../components/spinner";
import { sameDay } from "../day-label";
import { DayDivider } from "./day-divider";
import type { ThreadMessage } from "../thread";
import { MessageBubble } from "./message-bubble";
import { SystemLine } from "./system-line";
import { UnreadDivider } from "./unread-divider";

/** How close to the top (px) scrolling starts loading the older page. */
const LOAD_OLDER_AT = 400;
/** How close to the end still counts as "at the newest message". */
const AT_BOTTOM = 48;

interface Older {
  hasOlder: boolean;
  loading: boolean;
  failed: boolean;
  load: () => Promise<void>;
}

/**
 * The only part of a conversation that scrolls. It opens at the newest
 * message, follows new ones while the person is at the end, keeps the
 * reading position when an older page is put above, and otherwise offers a
 * "New messages" button.
 */
export function MessageList({
  messages,
  ownId,
  older,
  onRetry,
  onRemove,
  songHref,
  seenId,
  unread,
  peerId,
}: {
  messages: readonly ThreadMessage[];
  ownId: string;
  /** The other person: anyone else's messages (a teammate agent's) carry their name. */
  peerId?: string;
  older: Older;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  songHref: (songId: string) => string;
  /** One's own last message the other person has read. */
  seenId?: string;
  /** Unread when the conversation opened: the divider goes above seq, and the view starts there. */
  unread?: { seq: number; count: number } | null;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLOListElement>(null);
  const stick = useRef(!unread);
  /** Whether the view was put at the unread divider yet (once per conversation). */
  const atDivider = useRef(false);
  /** scrollHeight and scrollTop as last laid out, to keep the position on a prepend. */
  const layout = useRef({ firstId: "", lastId: "", height: 0, top: 0 });
  const [atBottom, setAtBottom] = useState(true);
  const [seenLastId, setSeenLastId] = useState<string | undefined>(undefined);

  const firstId = messages[0]?.id ?? "";
  const last = messages.at(-1);
  const lastId = last?.id ?? "";

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = layout.current;
    if (before.firstId && firstId !== before.firstId && lastId === before.lastId) {
      // An older page went on top: the same message stays under the reader's eyes.
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    } else if (stick.current || (lastId !== before.lastId && last?.userId === ownId)) {
      // Opening, following the end, or one's own new message: show the newest.
      toBottom();
      stick.current = true;
    }
    if (unread && !atDivider.current) {
      // Opening with unread messages: start at the divider, not at the end.
      const divider = content.current?.querySelector<HTMLElement>("[data-unread-divider]");
      if (divider) {
        el.scrollTop = Math.max(0, divider.offsetTop - 8);
        atDivider.current = true;
      }
    }
    layout.current = { firstId, lastId, height: el.scrollHeight, top: el.scrollTop };
  }, [firstId, lastId, last?.userId, ownId, toBottom, unread]);

  // Images load and bubbles grow after layout: stay at the end if that is where we were.
  useEffect(() => {
    const el = content.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      if (stick.current) toBottom();
      if (scroller.current) {
        layout.current.height = scroller.current.scrollHeight;
        layout.current.top = scroller.current.scrollTop;
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [toBottom]);

  const { hasOlder, loading, load } = older;
  // More unread messages than the first page holds: load back to the first of them.
  const firstSeq = messages[0]?.seq;
  useEffect(() => {
    if (unread && firstSeq !== undefined && firstSeq > unread.seq && hasOlder && !loading) {
      void load();
    }
  }, [unread, firstSeq, hasOlder, loading, load]);
  // A short first page may not fill the screen: nothing to scroll, so load on.
  useEffect(() => {
    const el = scroller.current;
    if (el && hasOlder && !loading && el.scrollHeight <= el.clientHeight + LOAD_OLDER_AT) {
      void load();
    }
  }, [hasOlder, loading, load, firstId]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM;
    stick.current = bottom;
    layout.current.top = el.scrollTop;
    layout.current.height = el.scrollHeight;
    if (bottom !== atBottom) setAtBottom(bottom);
    if (bottom && seenLastId !== lastId) setSeenLastId(lastId);
    if (el.scrollTop < LOAD_OLDER_AT && hasOlder && !loading) void load();
  };

  const showNewButton = !atBottom && seenLastId !== undefined && seenLastId !== lastId;

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={onScroll}
        // The list scrolls with the keyboard too.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable
        tabIndex={0}
        role="region"
        aria-label="Message history"
        className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain bg-slate-50 p-3 dark:bg-slate-950"
      >
        <div className="flex justify-center pb-2 text-sm text-slate-600 dark:text-slate-300">
          {loading ? (
            <Spinner className="p-2" />
          ) : hasOlder ? (
            <button
              type="button"
              onClick={() => void load()}
              className="rounded-full px-3 py-1 font-medium text-indigo-800 ring-1 ring-indigo-300 hover:bg-indigo-50 dark:text-indigo-200 dark:ring-indigo-700 dark:hover:bg-indigo-950"
            >
              {older.failed
                ? "Older messages could not be loaded. Try again"
                : "Load older messages"}
            </button>
          ) : (
            <p>Start of the conversation</p>
          )}
        </div>
        <ol ref={content} aria-label="Messages" className="flex flex-col gap-2">
          {messages.map((message, i) => {
            const previous = messages[i - 1];
            const newDay = !previous || !sameDay(previous.createdAt, message.createdAt);
            return (
              <Fragment key={message.id}>
                {newDay && <DayDivider at={message.createdAt} />}
                {unread && message.seq === unread.seq && <UnreadDivider count={unread.count} />}
                {message.kind === "system" || message.kind === "event" ? (
                  <SystemLine message={message} />
                ) : (
                  <MessageBubble
                    message={message}
                    own={message.userId === ownId}
                    named={
                      message.kind === "note" ||
                      (peerId !== undefined &&
                        message.userId !== ownId &&
                        message.userId !== peerId)
                    }
                    onRetry={onRetry}
                    onRemove={onRemove}
                    songHref={songHref}
                    seen={message.id === seenId}
                  />
                )}
              </Fragment>
            );
          })}
        </ol>
      </div>
      {showNewButton && (
        <button
          type="button"
          onClick={() => {
            stick.current = true;
            toBottom();
          }}
          className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-1 rounded-full bg-indigo-700 px-4 py-2 text-sm font-medium text-white shadow-lg hover:bg-indigo-800 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300"
        >
          <ArrowDown aria-hidden="true" className="size-4" />
          New messages
        </button>
      )}
    </div>
  );
}
