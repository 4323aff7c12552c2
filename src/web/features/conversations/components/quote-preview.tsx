import { Reply, X } from "lucide-react";
import { quoteLabel, type MessageQuote } from "../../../../shared/quote";

/** Above the text box while replying with a quote; the cross drops the quote. */
export function QuotePreview({ quote, onCancel }: { quote: MessageQuote; onCancel: () => void }) {
  return (
    <div
      role="group"
      aria-label="Replying to"
      className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 text-sm dark:border-slate-800"
    >
      <Reply aria-hidden="true" className="size-4 shrink-0 text-indigo-700 dark:text-indigo-300" />
      <span className="flex min-w-0 flex-1 flex-col border-l-4 border-indigo-500 pl-2">
        <span className="font-semibold">Replying to {quote.senderName}</span>
        <span className="truncate text-slate-700 dark:text-slate-300">{quoteLabel(quote)}</span>
      </span>
      <button
        type="button"
        onClick={onCancel}
        aria-label="Cancel quote"
        className="flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-slate-200 dark:hover:bg-slate-700"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
