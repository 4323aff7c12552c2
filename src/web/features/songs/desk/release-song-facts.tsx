import { Link } from "react-router";
import { releaseStateLabel } from "../../../../shared/release-constants";
import type { DeskSongRecord, OwningRelease } from "../../../../shared/song-schemas";
import { statusLabel } from "../../../../shared/song-schemas";
import { viewCount } from "../../../../shared/view-count";

/**
 * A release's song on the desk (issue 45): its facts are the release's, so
 * they read as text, with the way to the release's review page where they
 * change; the server refuses a desk save of this song (409).
 */
export function ReleaseSongFacts({
  song,
  release,
}: {
  song: DeskSongRecord;
  release: OwningRelease;
}) {
  const facts: [string, string][] = [
    ["Artist name (as credited)", song.artist],
    ["Type (title)", song.type],
    ["Status", statusLabel(song.status)],
    ["Album", song.album],
    ["Genre", song.genre],
    ["Release date", song.date],
    ["Duration", song.duration],
    ["Spotify link", song.spotifyUrl],
    ["Apple Music link", song.appleMusicUrl],
    ["YouTube link", song.youtubeUrl],
  ];
  const title = release.title.trim() || "Untitled release";
  return (
    <section
      aria-labelledby="release-song-facts"
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="release-song-facts" className="font-semibold">
        From the release “{title}”
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        This song is a track of a release ({releaseStateLabel(release.state)}). Its facts are the
        release&apos;s and change only through its review and stores.
      </p>
      <Link
        to={`/desk/releases/${encodeURIComponent(release.id)}`}
        className="self-start rounded font-medium text-indigo-700 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
      >
        Open the release “{title}”
      </Link>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="min-w-0 break-words">{value || "—"}</dd>
          </div>
        ))}
      </dl>
      {song.lyrics && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Lyrics</summary>
          <p className="mt-2 whitespace-pre-line break-words">{song.lyrics}</p>
        </details>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-300">{viewCount(song.views)}</p>
    </section>
  );
}
