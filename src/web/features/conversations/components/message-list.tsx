import { Fragment, startTransition, useEffect, useState } from "react";
import { ArrowDown } from "lucide-react";
import { Spinner } from "../../../components/spinner";
import { sameDay } from "../day-label";
import { DayDivider } from "./day-divider";
import type { ThreadMessage } from "../thread";
import { MessageBubble, type ImageLoading } from "./message-bubble";
import { SystemLine } from "./system-line";
import { UnreadDivider } from "./unread-divider";
import { useMessageScroll, type Older } from "./use-message-scroll";

interface MessageListProps {
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
}

/**
 * The only part of a conversation that scrolls. It opens at the newest
 * message, follows new ones while the person is at the end, keeps the
 * reading position when an older page is put above, and otherwise offers a
 * "New messages" button.
 */
export function MessageList(props: MessageListProps) {
  const messages = useRowsAfterMount(props.messages);
  const { older } = props;
  const { scroller, content, onScroll, showNewButton, toNewest } = useMessageScroll(
    messages,
    props.ownId,
    older,
    props.unread,
  );
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
        {/* Until the rows are in, nothing above them (no "Load older messages" flash). */}
        {messages === props.messages && <OlderMessagesControl older={older} />}
        <ol ref={content} aria-label="Messages" className="flex flex-col gap-2">
          <MessageRows {...props} messages={messages} />
        </ol>
      </div>
      {showNewButton && (
        <button
          type="button"
          onClick={toNewest}
          className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-1 rounded-full bg-indigo-700 px-4 py-2 text-sm font-medium text-white shadow-lg hover:bg-indigo-800 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300"
        >
          <ArrowDown aria-hidden="true" className="size-4" />
          New messages
        </button>
      )}
    </div>
  );
}

const NO_ROWS: readonly ThreadMessage[] = [];

/**
 * The rows a list shows: none in the render that mounts it, then all of them
 * in a transition. A conversation's first rows were one synchronous render
 * of every bubble (the largest task of the screen's load, ~120 ms at full
 * CPU speed); a transition's render yields to the browser between bubbles.
 * Every later change (a new message, an older page) renders at once: React's
 * `useDeferredValue(messages, NO_ROWS)` would also hold back each of those
 * for a second render.
 */
function useRowsAfterMount(messages: readonly ThreadMessage[]): readonly ThreadMessage[] {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? messages : NO_ROWS;
}

/** Above the oldest message: loading, "Load older messages" (or try again), or the start. */
function OlderMessagesControl({ older }: { older: Older }) {
  const { hasOlder, loading, load } = older;
  return (
    <div className="flex justify-center pb-2 text-sm text-slate-600 dark:text-slate-300">
      {loading ? (
        <Spinner className="p-2" />
      ) : hasOlder ? (
        <button
          type="button"
          onClick={() => void load()}
          className="rounded-full px-3 py-1 font-medium text-indigo-800 ring-1 ring-indigo-300 hover:bg-indigo-50 dark:text-indigo-200 dark:ring-indigo-700 dark:hover:bg-indigo-950"
        >
          {older.failed ? "Older messages could not be loaded. Try again" : "Load older messages"}
        </button>
      ) : (
        <p>Start of the conversation</p>
      )}
    </div>
  );
}

/**
 * How each image attachment loads. The thread opens at its newest message, so
 * the last pictures are on screen: the newest one (the screen's largest paint)
 * first, the one before it at once too; older ones only when scrolled near.
 */
export function imageLoading(messages: readonly ThreadMessage[]): Map<string, ImageLoading> {
  const loading = new Map<string, ImageLoading>();
  let seen = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.fileType !== "image") continue;
    loading.set(message.id, seen === 0 ? "priority" : seen === 1 ? "eager" : "lazy");
    seen++;
  }
  return loading;
}

/** Each message with a day divider where the day changes and the unread divider where it starts. */
function MessageRows({ messages, ownId, peerId, unread, seenId, ...actions }: MessageListProps) {
  const images = imageLoading(messages);
  return messages.map((message, i) => {
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
              (peerId !== undefined && message.userId !== ownId && message.userId !== peerId)
            }
            onRetry={actions.onRetry}
            onRemove={actions.onRemove}
            songHref={actions.songHref}
            seen={message.id === seenId}
            image={images.get(message.id)}
          />
        )}
      </Fragment>
    );
  });
}
