import type { SongRecord } from "../../../shared/song-schemas";
import { formatReleaseDate } from "../../../shared/song-format";
import { REJECTION_NEXT_STEPS, REJECTION_REASON_LABELS } from "../../../shared/song-rejection";
import type { SongStatusEvent } from "../../../shared/song-status";
import { songStatusKind } from "../../../shared/song-status-names";
import { SongStatusBadge } from "../../components/song-status-badge";
import { dateFormat } from "../../../shared/intl-formats";

const day = () => dateFormat("en-US", { dateStyle: "medium" });

/** The history line that brought the song to its current status, if any. */
function currentChange(song: SongRecord): SongStatusEvent | undefined {
  return song.history.findLast((event) => event.toStatus === song.status);
}

/**
 * The current status and its date: released songs show the release day,
 * pending ones the day they were submitted, rejected ones the day of the
 * rejection with why and what to do next.
 */
export function SongStatusPanel({ song }: { song: SongRecord }) {
  const kind = songStatusKind(song.status);
  const change = currentChange(song);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <SongStatusBadge status={song.status} />
        {kind === "released" && <p>Released: {formatReleaseDate(song.date)}</p>}
        {kind === "pending" && <p>Submitted: {day().format(song.createdAt)}</p>}
        {kind === "rejected" && <p>Rejected: {day().format(change?.at ?? song.createdAt)}</p>}
      </div>
      {kind === "rejected" && (
        <div className="flex flex-col gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50">
          <h3 className="font-semibold">Why it was rejected</h3>
          {change?.reasonCode ? (
            <p>{REJECTION_REASON_LABELS[change.reasonCode]}</p>
          ) : (
            <p>Support did not give a reason. Ask them in the chat.</p>
          )}
          {change?.note && <p className="whitespace-pre-line">{change.note}</p>}
          <h3 className="font-semibold">What to do next</h3>
          <p>
            {change?.reasonCode
              ? REJECTION_NEXT_STEPS[change.reasonCode]
              : REJECTION_NEXT_STEPS.other}
          </p>
        </div>
      )}
      {kind !== "rejected" && change?.note && (
        <p className="text-sm whitespace-pre-line">Note from support: {change.note}</p>
      )}
    </div>
  );
}
