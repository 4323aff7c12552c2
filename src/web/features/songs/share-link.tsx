import { useState } from "react";
import { Share2 } from "lucide-react";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";

type Outcome = { tone: "success" | "error"; text: string };

/** The song's URL with a Share button that copies it, reporting the outcome on screen. */
export function ShareLink({ link }: { link: string }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function share() {
    if (!link) {
      setOutcome({ tone: "error", text: "No link available to copy!" });
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      setOutcome({ tone: "success", text: "Link copied to clipboard!" });
    } catch {
      setOutcome({ tone: "error", text: "Could not copy the link. Please copy it by hand." });
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        {link ? (
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            className="min-w-0 flex-1 font-medium break-all text-indigo-700 underline dark:text-indigo-300"
          >
            {link}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <p className="flex-1 text-slate-600 dark:text-slate-300">No link yet.</p>
        )}
        <Button variant="secondary" onClick={() => void share()}>
          <Share2 aria-hidden="true" className="size-4" />
          Share
        </Button>
      </div>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
    </div>
  );
}
