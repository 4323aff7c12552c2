import type { ReleaseTrackDetail } from "../../../../shared/release-schemas";
import { EXPLICIT_LABELS } from "../../../../shared/release-constants";
import { formatIsrc, normalizeIsrc } from "../../../../shared/release-codes";
import { audioCheckLine, formatDurationMs } from "../../../../shared/release-format";
import { Fact, factsClass } from "./release-facts";

/** The track's title as stores show it: "First Rain (Acoustic)". */
export const trackTitle = (track: ReleaseTrackDetail) =>
  track.version ? `${track.title} (${track.version})` : track.title || "Untitled track";

/** IN-ABC-26-00001, as people write it (the server keeps it compact). */
const isrcText = (isrc: string) => {
  const compact = normalizeIsrc(isrc);
  return compact ? formatIsrc(compact) : isrc;
};

/** One track: its credits and codes, its checked audio in a player that seeks anywhere. */
function TrackView({ track, n }: { track: ReleaseTrackDetail; n: number }) {
  const headingId = `track-${n}`;
  const name = `Track ${n}: ${trackTitle(track)}`;
  const explicit = track.explicit ? EXPLICIT_LABELS[track.explicit] : "";
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h3 id={headingId} className="font-semibold break-words">
        {name}
      </h3>
      {track.audio ? (
        <div className="flex flex-col gap-1">
          {/* metadata only: the file (up to 2 GB) streams in Range requests as it plays. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a master's lyrics are below; no caption track exists */}
          <audio controls preload="metadata" src={track.audio.url} aria-label={`Audio of ${name}`}>
            <a href={track.audio.url}>Download the audio of {name}</a>
          </audio>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {track.audio.name} · {formatDurationMs(track.audio.durationMs)} ·{" "}
            {audioCheckLine(track.audio)}
          </p>
        </div>
      ) : (
        <p className="text-sm text-red-700 dark:text-red-300">No audio.</p>
      )}
      <dl className={factsClass}>
        <Fact term="ISRC">{track.isrc ? isrcText(track.isrc) : ""}</Fact>
        <Fact term="Featured artists">{track.featuredArtists.join(", ")}</Fact>
        <Fact term="Composer">{track.composer}</Fact>
        <Fact term="Lyricist">{track.instrumental ? "Instrumental" : track.lyricist}</Fact>
        <Fact term="Producer">{track.producer}</Fact>
        <Fact term="Explicit">{explicit}</Fact>
      </dl>
      {track.lyrics && (
        <details>
          <summary className="cursor-pointer text-sm font-medium">Lyrics</summary>
          <p className="mt-2 text-sm whitespace-pre-line">{track.lyrics}</p>
        </details>
      )}
    </li>
  );
}

/** Every track in order. */
export function ReleaseTracksView({ tracks }: { tracks: readonly ReleaseTrackDetail[] }) {
  return (
    <section aria-labelledby="release-tracks" className="flex flex-col gap-3">
      <h2 id="release-tracks" className="text-lg font-semibold">
        Tracks
      </h2>
      <ol aria-label="Tracks" className="flex flex-col gap-3">
        {tracks.map((track, index) => (
          <TrackView key={track.id} track={track} n={index + 1} />
        ))}
      </ol>
    </section>
  );
}
