import type { ReleaseTrackDetail } from "../../../../shared/release-schemas";
import { EXPLICIT_LABELS } from "../../../../shared/release-constants";
import { formatIsrc, normalizeIsrc } from "../../../../shared/release-codes";
import {
  audioCheckLine,
  formatDurationMs,
  trackDisplayTitle,
} from "../../../../shared/release-format";
import { TrackSplits } from "../splits/track-splits";
import { Fact, factsClass } from "./release-facts";

/** IN-ABC-26-00001, as people write it (the server keeps it compact). */
const isrcText = (isrc: string) => {
  const compact = normalizeIsrc(isrc);
  return compact ? formatIsrc(compact) : isrc;
};

/** One track: its credits and codes, its checked audio in a player that seeks anywhere. */
function TrackView(props: {
  releaseId: string;
  track: ReleaseTrackDetail;
  n: number;
  splits: boolean;
}) {
  const { track, n } = props;
  const headingId = `track-${n}`;
  const name = `Track ${n}: ${trackDisplayTitle(track)}`;
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
      {props.splits && (
        <TrackSplits
          releaseId={props.releaseId}
          trackId={track.id}
          saved
          trackName={`Track ${n}`}
          headingLevel={4}
        />
      )}
    </li>
  );
}

/** Every track in order, each with its Splits for the artist (an agent reads none). */
export function ReleaseTracksView({
  releaseId,
  tracks,
  splits,
}: {
  releaseId: string;
  tracks: readonly ReleaseTrackDetail[];
  splits: boolean;
}) {
  return (
    <section aria-labelledby="release-tracks" className="flex flex-col gap-3">
      <h2 id="release-tracks" className="text-lg font-semibold">
        Tracks
      </h2>
      <ol aria-label="Tracks" className="flex flex-col gap-3">
        {tracks.map((track, index) => (
          <TrackView
            key={track.id}
            releaseId={releaseId}
            track={track}
            n={index + 1}
            splits={splits}
          />
        ))}
      </ol>
    </section>
  );
}
