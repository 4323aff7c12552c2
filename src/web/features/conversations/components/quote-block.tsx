import { quoteLabel, type MessageQuote } from "../../../../shared/quote";
import { useMessageTools } from "../tools/message-tools-context";

/** The quoted message above a reply: author and first line; opens the original. */
export function QuoteBlock({ quote, own }: { quote: MessageQuote; own: boolean }) {
  const { onOpenQuote } = useMessageTools();
  const label = quoteLabel(quote);
  return (
    <button
      type="button"
      onClick={() => onOpenQuote(quote)}
      aria-label={`Quoted message from ${quote.senderName}: ${label}. Show it`}
      className={`flex min-w-0 flex-col rounded-lg border-l-4 px-2.5 py-1 text-left text-sm ${
        own
          ? "border-indigo-200 bg-indigo-800 text-indigo-50 hover:bg-indigo-900"
          : "border-indigo-500 bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-700 dark:text-slate-100 dark:hover:bg-slate-600"
      }`}
    >
      <span className="font-semibold">{quote.senderName}</span>
      <span className="truncate">{label}</span>
    </button>
  );
}
