import { Link } from "react-router";
import { MessageCircleQuestion } from "lucide-react";

/** "Ask about this release": a link (it navigates); the chat picks the agent (routes: releases/:id/ask). */
export function AskAboutRelease({ releaseId }: { releaseId: string }) {
  return (
    <Link
      to={`/releases/${encodeURIComponent(releaseId)}/ask`}
      className="inline-flex items-center gap-2 self-start rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
    >
      <MessageCircleQuestion aria-hidden="true" className="size-4" />
      Ask about this release
    </Link>
  );
}
