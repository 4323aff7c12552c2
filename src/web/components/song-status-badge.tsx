import { CircleCheck, CircleX, Clock } from "lucide-react";
import { songStatusKind, statusLabel } from "../../shared/song-status-names";

const styles = {
  pending: {
    icon: Clock,
    className: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  },
  released: {
    icon: CircleCheck,
    className: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  },
  rejected: {
    icon: CircleX,
    className: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  },
  // A status the spec does not colour: grey without an icon, like any other.
  "in review": {
    icon: null,
    className: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  },
  other: {
    icon: null,
    className: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  },
} as const;

/** The status as stored, coloured by its meaning (case-insensitive); unknown ones grey. */
export function SongStatusBadge({ status }: { status: string }) {
  const kind = songStatusKind(status);
  const { icon: Icon, className } = styles[kind];
  return (
    <span
      data-status={kind}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${className}`}
    >
      {Icon && <Icon aria-hidden="true" className="size-3.5" />}
      {statusLabel(status)}
    </span>
  );
}
