import { useId } from "react";
import { ChevronDown, ChevronUp, X } from "lucide-react";
import { SEARCH_MAX, type SearchMatch } from "../../../../shared/message-search";
import { inputClass } from "../../../components/form-field";
import { useConversationSearch } from "./use-conversation-search";

const stepButton =
  "flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-slate-200 disabled:opacity-40 dark:hover:bg-slate-800";

/**
 * Search in this conversation's whole history (on the server). Matches are
 * stepped through newest first: "Next" goes one older, "Previous" one newer;
 * each is scrolled to (older history loaded as needed) and its words marked.
 */
export function SearchBar({
  roomId,
  onTerms,
  onMatch,
  onClose,
}: {
  roomId: string | undefined;
  onTerms: (terms: readonly string[]) => void;
  onMatch: (match: SearchMatch) => void;
  onClose: () => void;
}) {
  const { text, setText, canStep, step, status } = useConversationSearch(roomId, onTerms, onMatch);
  const inputId = useId();
  const statusId = useId();

  return (
    <form
      role="search"
      aria-label="Search in this conversation"
      onSubmit={(event) => {
        event.preventDefault();
        step(1);
      }}
      className="flex shrink-0 items-center gap-1 border-b border-slate-200 bg-white px-2 py-2 dark:border-slate-800 dark:bg-slate-900"
    >
      <label htmlFor={inputId} className="sr-only">
        Search messages
      </label>
      <input
        id={inputId}
        type="search"
        // The field opens on request: the cursor belongs in it.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        value={text}
        maxLength={SEARCH_MAX}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            onClose();
          }
        }}
        placeholder="Search messages"
        aria-describedby={statusId}
        className={`${inputClass} min-w-0 flex-1 py-1.5`}
      />
      <span
        id={statusId}
        role="status"
        className="min-w-16 shrink-0 px-1 text-center text-sm text-slate-700 tabular-nums dark:text-slate-200"
      >
        {status}
      </span>
      <button
        type="button"
        className={stepButton}
        aria-label="Previous match"
        title="Newer match"
        disabled={!canStep}
        onClick={() => step(-1)}
      >
        <ChevronDown aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        className={stepButton}
        aria-label="Next match"
        title="Older match"
        disabled={!canStep}
        onClick={() => step(1)}
      >
        <ChevronUp aria-hidden="true" className="size-5" />
      </button>
      <button type="button" className={stepButton} aria-label="Close search" onClick={onClose}>
        <X aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
