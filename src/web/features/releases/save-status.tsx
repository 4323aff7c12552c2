import { Button } from "../../components/button";
import type { SaveStatus } from "./use-autosave";

const words: Record<SaveStatus["kind"], string> = {
  idle: "Changes are saved as you go.",
  saving: "Saving…",
  saved: "Saved",
  error: "",
  conflict: "",
};

/**
 * The autosave's line (role="status": read out politely as it changes):
 * Saving…, Saved, or why the draft is not saved, with the way out.
 */
export function SaveStatusLine({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const failed = status.kind === "error" || status.kind === "conflict";
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p
        role="status"
        className={`text-sm ${failed ? "font-medium text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-300"}`}
      >
        {failed ? status.message : words[status.kind]}
      </p>
      {status.kind === "error" && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
      {status.kind === "conflict" && (
        // The edits stay on screen until the artist chooses to load the latest version.
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      )}
    </div>
  );
}
