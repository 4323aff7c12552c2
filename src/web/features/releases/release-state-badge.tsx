import { releaseStateLabel } from "../../../shared/release-constants";

const tones: Record<string, string> = {
  draft: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  submitted: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  in_review: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  changes_requested: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  approved: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  live: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  rejected: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

/** A release's state in the words people read ("Draft", "Submitted"…). */
export function ReleaseStateBadge({ state }: { state: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[state] ?? tones["draft"]}`}
    >
      {releaseStateLabel(state)}
    </span>
  );
}
