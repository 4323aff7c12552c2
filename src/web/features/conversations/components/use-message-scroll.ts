import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import type { ThreadMessage } from "../thread";

/** How close to the top (px) scrolling starts loading the older page. */
const LOAD_OLDER_AT = 400;
/** How close to the end still counts as "at the newest message". */
const AT_BOTTOM = 48;

export interface Older {
  hasOlder: boolean;
  loading: boolean;
  failed: boolean;
  load: () => Promise<void>;
}

type Unread = { seq: number; count: number } | null | undefined;

/**
 * Where the message list is scrolled: at the newest message on opening (or
 * at the unread divider), following new ones while at the end, the reading
 * position kept when an older page goes on top; older pages load near the top.
 */
export function useMessageScroll(
  messages: readonly ThreadMessage[],
  ownId: string,
  older: Older,
  unread: Unread,
) {
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

  useFollowGrowth(content, scroller, stick, layout, toBottom);

  const { hasOlder, loading, load } = older;
  useLoadOlderToFill(scroller, messages, older, unread);

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
  const toNewest = () => {
    stick.current = true;
    toBottom();
  };
  return { scroller, content, onScroll, showNewButton, toNewest };
}

/**
 * Older pages load without a scroll when needed: back to the first unread
 * message, and while a short first page does not fill the screen.
 */
function useLoadOlderToFill(
  scroller: RefObject<HTMLDivElement | null>,
  messages: readonly ThreadMessage[],
  older: Older,
  unread: Unread,
) {
  const { hasOlder, loading, load } = older;
  const firstId = messages[0]?.id ?? "";
  // More unread messages than the first page holds: load back to the first of them.
  const firstSeq = messages[0]?.seq;
  useEffect(() => {
    if (unread && firstSeq !== undefined && firstSeq > unread.seq && hasOlder && !loading) {
      void load();
    }
  }, [unread, firstSeq, hasOlder, loading, load]);
  // A short first page may not fill the screen: nothing to scroll, so load on
  // (once its rows are there: the list mounts empty, then renders them).
  useEffect(() => {
    const el = scroller.current;
    const filled = firstId !== "";
    if (
      el &&
      filled &&
      hasOlder &&
      !loading &&
      el.scrollHeight <= el.clientHeight + LOAD_OLDER_AT
    ) {
      void load();
    }
  }, [scroller, hasOlder, loading, load, firstId]);
}

/** Images load and bubbles grow after layout: stay at the end if that is where we were. */
function useFollowGrowth(
  content: RefObject<HTMLOListElement | null>,
  scroller: RefObject<HTMLDivElement | null>,
  stick: RefObject<boolean>,
  layout: RefObject<{ height: number; top: number }>,
  toBottom: () => void,
) {
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
  }, [content, scroller, stick, layout, toBottom]);
}
