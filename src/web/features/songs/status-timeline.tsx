import { REJECTION_REASON_LABELS } from "../../../shared/song-rejection";
import type { SongStatusEvent } from "../../../shared/song-status";
import { SongStatusBadge } from "../../components/song-status-badge";
import { dateFormat } from "../../../shared/intl-formats";

const when = () => dateFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** A song's status changes, oldest first: who, when, to what, and why. */
export function StatusTimeline({ events }: { events: SongStatusEvent[] }) {
  if (events.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">No status changes yet.</p>;
  }
  return (
    <ol aria-label="Timeline of changes" className="flex flex-col gap-3">
      {events.map((event) => (
        <li
          key={event.id}
          className="flex flex-col gap-1 border-l-2 border-slate-300 pl-3 dark:border-slate-600"
        >
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <SongStatusBadge status={event.toStatus} />
            <span>
              {event.fromStatus === null ? "Submitted" : `Changed from ${event.fromStatus}`}
            </span>
            <time
              dateTime={new Date(event.at).toISOString()}
              className="text-slate-600 dark:text-slate-300"
            >
              {when().format(event.at)}
            </time>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">by {event.agentName}</p>
          {event.reasonCode && (
            <p className="text-sm">
              Reason: <strong>{REJECTION_REASON_LABELS[event.reasonCode]}</strong>
            </p>
          )}
          {event.note && <p className="text-sm whitespace-pre-line">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}
