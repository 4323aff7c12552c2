import { formatIsrc, normalizeIsrc } from "../../../../shared/release-codes";
import type { ReleaseDetail } from "../../../../shared/release-schemas";
import { trackDisplayTitle } from "../../../../shared/release-format";

/** An ISRC as people write it (IN-ABC-26-00001), whatever spelling it is stored in. */
function isrcText(raw: string): string {
  const compact = normalizeIsrc(raw);
  return compact ? formatIsrc(compact) : raw;
}

/**
 * An approved release's codes, read-only: its UPC and each track's ISRC
 * (those the artist entered, and those the label assigned on approval).
 */
export function ReleaseCodes({ release }: { release: ReleaseDetail }) {
  return (
    <section
      aria-labelledby="release-codes-heading"
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="release-codes-heading" className="text-lg font-semibold">
        Codes
      </h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600 dark:text-slate-300">UPC</dt>
        <dd className="font-mono font-medium break-all">{release.upc || "Not assigned yet"}</dd>
        {release.tracks.map((track, index) => (
          <div key={track.id} className="contents">
            <dt className="text-slate-600 dark:text-slate-300">
              ISRC of track {index + 1}, {trackDisplayTitle(track)}
            </dt>
            <dd className="font-mono font-medium break-all">
              {track.isrc ? isrcText(track.isrc) : "Not assigned yet"}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
