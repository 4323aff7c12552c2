import type { ReactNode } from "react";
import { Link, Navigate, useParams } from "react-router";
import { AudioLines, Eye, ExternalLink, IndianRupee, MessageCircleQuestion } from "lucide-react";
import { numberFormat } from "../../../shared/intl-formats";
import { formatPaise } from "../../../shared/money-format";
import { type SongRecord } from "../../../shared/song-schemas";
import { PageHeader } from "../../components/page-header";
import { Spinner } from "../../components/spinner";
import { useSession } from "../../lib/auth/session";
import { useOpenSong } from "./api/open-song";
import { useSongEarnings } from "./api/get-song-earnings";
import { useSongStores } from "./api/get-song-stores";
import { SongStoreRows } from "./song-stores";
import { ShareLink } from "./share-link";
import { SongCover } from "../../components/song-cover";
import { SongStatusBadge } from "../../components/song-status-badge";
import { SongLoadError } from "./song-load-error";
import { SongStatusPanel } from "./song-status-panel";
import { StatusTimeline } from "./status-timeline";
import { ViewsSparkline } from "./views-sparkline";

export default function SongDetailPage() {
  const { id = "" } = useParams();
  const { data: user } = useSession();
  // Agents see songs on the desk; this screen counts an artist's own views.
  if (user?.admin) return <Navigate to={`/desk/songs/${encodeURIComponent(id)}`} replace />;
  return <OpenedSong id={id} />;
}

function OpenedSong({ id }: { id: string }) {
  const { song, error } = useOpenSong(id);
  if (song) return <SongDetailView song={song} />;
  if (error) return <SongLoadError error={error} backTo="/songs" backLabel="Back to songs" />;
  return <Spinner label="Loading song…" className="py-16" />;
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `song-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id={headingId} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

function SongDetailView({ song }: { song: SongRecord }) {
  // After the song: the page never waits for its stores.
  const stores = useSongStores(song.id);
  const notLiveYet = stores.data?.stores.some((delivery) => delivery.state !== "Live") === true;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader
        title={song.type}
        backTo="/songs"
        backLabel="Back to songs"
        actions={<SongStatusBadge status={song.status} />}
      />
      <div className="flex flex-col gap-4 sm:flex-row">
        <SongCover
          src={song.coverUrl}
          alt={`Cover of ${song.type}`}
          className="size-48 self-center sm:self-start"
          px={192}
          // The screen's largest picture: its LCP.
          priority
        />
        <dl className="grid flex-1 grid-cols-1 gap-3 sm:grid-cols-2">
          <Fact label="Album">{song.album || "Not specified"}</Fact>
          <Fact label="Artist">{song.artist}</Fact>
          <Fact label="Genre">{song.genre || "Not specified"}</Fact>
          {song.duration && <Fact label="Duration">{song.duration}</Fact>}
        </dl>
      </div>

      <Card title="Current status">
        <SongStatusPanel song={song} />
        {/* It navigates, so it is a link; the chat picks the agent (routes: song/:id/ask). */}
        <Link
          to={`/song/${encodeURIComponent(song.id)}/ask`}
          className="inline-flex items-center gap-2 self-start rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <MessageCircleQuestion aria-hidden="true" className="size-4" />
          Ask about this song
        </Link>
      </Card>

      {song.lyrics && (
        <Card title="Lyrics">
          <p className="whitespace-pre-line">{song.lyrics}</p>
        </Card>
      )}

      <ListenOn song={song} more={notLiveYet}>
        <SongStoreRows stores={stores.data} />
      </ListenOn>

      <Card title="Song URL">
        <ShareLink link={song.link} />
      </Card>

      <Card title="Analytics">
        <dl className="flex flex-wrap gap-x-6 gap-y-3">
          <Stat icon={Eye} label="Views" value={numberFormat("en-US").format(song.views)} />
          <SongEarningsStats id={song.id} />
        </dl>
        <ViewsSparkline days={song.dailyViews} />
      </Card>

      <Card title="Timeline">
        <StatusTimeline events={song.history} />
      </Card>
    </div>
  );
}

/** One analytics figure: its icon, its name and its value. */
function Stat({ icon: Icon, label, value }: { icon: typeof Eye; label: string; value: string }) {
  return (
    // The dl's own group: a div holding its dt and dd directly (axe's definition-list rule).
    <div className="flex items-baseline gap-2">
      <dt className="flex items-center gap-3 self-center text-slate-600 dark:text-slate-300">
        <Icon aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />
        {label}
      </dt>
      <dd className="text-2xl font-bold break-all">{value}</dd>
    </div>
  );
}

/** Streams and Earnings from imported statements (issue 46), beside Views once known. */
function SongEarningsStats({ id }: { id: string }) {
  const earnings = useSongEarnings(id);
  if (!earnings.data) return null;
  return (
    <>
      <Stat
        icon={AudioLines}
        label="Streams"
        value={numberFormat("en-US").format(earnings.data.streams)}
      />
      <Stat icon={IndianRupee} label="Earnings" value={formatPaise(earnings.data.earningsPaise)} />
    </>
  );
}

/**
 * The song's store links, each opening in a new tab (the spec's section);
 * `children` below them (the stores not live yet). Nothing when it has
 * neither.
 */
function ListenOn({
  song,
  more,
  children,
}: {
  song: SongRecord;
  more: boolean;
  children: ReactNode;
}) {
  const stores = [
    { name: "Spotify", url: song.spotifyUrl },
    { name: "Apple Music", url: song.appleMusicUrl },
    { name: "YouTube", url: song.youtubeUrl },
  ].filter((store) => store.url);
  if (stores.length === 0 && !more) return null;
  return (
    <Card title="Listen On">
      {stores.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {stores.map((store) => (
            <li key={store.name}>
              <a
                href={store.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
              >
                {store.name}
                <span className="sr-only"> (opens in a new tab)</span>
                <ExternalLink aria-hidden="true" className="size-4" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {children}
    </Card>
  );
}
