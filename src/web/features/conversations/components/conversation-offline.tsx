import { WifiOff } from "lucide-react";

/**
 * A conversation that cannot load because the network is down: said plainly,
 * with a retry. It also loads by itself once the network is back.
 */
export function ConversationOffline({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center"
    >
      <WifiOff aria-hidden="true" className="size-6 text-slate-600 dark:text-slate-300" />
      <p>You're offline. This conversation will load when you're back online.</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        Try again
      </button>
    </div>
  );
}
