import type { ReactNode } from "react";
import type { ReleaseDetail } from "../../../../shared/release-schemas";
import { formatDurationMs } from "../../../../shared/release-format";
import { formatReleaseDate } from "../../../../shared/song-format";

/** A term and its value; an empty value reads "Not given". */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  const empty = children === "" || children === null || children === undefined;
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{term}</dt>
      <dd className="break-words">
        {empty ? <span className="text-slate-600 dark:text-slate-300">Not given</span> : children}
      </dd>
    </div>
  );
}

export const factsClass = "grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2";

const day = (date: string) => (date ? formatReleaseDate(date) : "");

/** Everything the artist entered about the release itself, read-only. */
export function ReleaseFacts({ release }: { release: ReleaseDetail }) {
  const tracks = release.tracks.length === 1 ? "1 track" : `${release.tracks.length} tracks`;
  return (
    <section
      aria-labelledby="release-details"
      className="rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="release-details" className="mb-3 text-lg font-semibold">
        Release details
      </h2>
      <dl className={factsClass}>
        <Fact term="Release title">{release.title}</Fact>
        <Fact term="Primary artist">{release.primaryArtist}</Fact>
        <Fact term="Featured artists">{release.featuredArtists.join(", ")}</Fact>
        <Fact term="Release type">
          {release.releaseType ? `${release.releaseType} · ${tracks}` : tracks}
        </Fact>
        <Fact term="Genre">{release.genre}</Fact>
        <Fact term="Language">{release.language}</Fact>
        <Fact term="Release date">{day(release.releaseDate)}</Fact>
        <Fact term="Original release date">{day(release.originalReleaseDate)}</Fact>
        <Fact term="℗ line">{release.pLine}</Fact>
        <Fact term="© line">{release.cLine}</Fact>
        <Fact term="UPC">{release.upc}</Fact>
        <Fact term="Total duration">{formatDurationMs(release.totalDurationMs)}</Fact>
      </dl>
    </section>
  );
}
