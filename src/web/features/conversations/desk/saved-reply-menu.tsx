import type { SavedReply } from "../../../../shared/saved-replies";

/** The list the "/" command opens above the composer. */
export function SavedReplyMenu({
  listId,
  open,
  typed,
  loading,
  failed,
  options,
  activeIndex,
  optionId,
  onChoose,
  failure,
}: {
  listId: string;
  open: boolean;
  typed: string;
  loading: boolean;
  failed: boolean;
  options: readonly SavedReply[];
  activeIndex: number;
  optionId: (index: number) => string;
  onChoose: (reply: SavedReply) => void;
  failure: string | null;
}) {
  if (!open) {
    return failure ? (
      <p role="alert" className="px-4 py-2 text-sm text-red-800 dark:text-red-300">
        {failure}
      </p>
    ) : null;
  }
  const note = loading
    ? "Loading saved replies…"
    : failed
      ? "Saved replies could not be loaded."
      : options.length === 0
        ? `No saved reply matches /${typed}`
        : `${options.length} saved ${options.length === 1 ? "reply" : "replies"}: arrows to choose, Enter to insert`;
  return (
    <div className="max-h-60 overflow-y-auto border-b border-slate-200 dark:border-slate-800">
      <p role="status" className="px-4 pt-2 text-xs text-slate-600 dark:text-slate-300">
        {note}
      </p>
      <div id={listId} role="listbox" aria-label="Saved replies" className="py-1">
        {options.map((reply, i) => (
          // Chosen with the text box's keys (aria-activedescendant) or a click.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <div
            key={reply.id}
            id={optionId(i)}
            role="option"
            // Reached through the text box's aria-activedescendant, never tabbed to.
            tabIndex={-1}
            aria-selected={i === activeIndex}
            // The text box keeps the focus.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onChoose(reply)}
            className={`flex cursor-pointer flex-col px-4 py-2 text-sm ${
              i === activeIndex
                ? "bg-indigo-100 text-indigo-950 dark:bg-indigo-900 dark:text-indigo-50"
                : "hover:bg-slate-100 dark:hover:bg-slate-800"
            }`}
          >
            <span className="font-semibold">/{reply.shortcut}</span>
            <span className="truncate text-slate-700 dark:text-slate-300">{reply.text}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
