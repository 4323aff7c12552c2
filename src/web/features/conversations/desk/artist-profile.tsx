import { ExternalLink } from "lucide-react";
import type { ChatPeer } from "../../../../shared/chat";
import { normalizeLink } from "../../../../shared/links";
import { Avatar } from "../../../components/avatar";
import { ArtistBalance } from "./artist-balance";
import { ArtistSongs } from "./artist-songs";

/** Only http(s) links leave the portal; anything else stored is not shown as a link. */
function safeHttpLink(raw: string | null): string | null {
  if (!raw) return null;
  const link = normalizeLink(raw);
  return link && /^https?:\/\//.test(link) ? link : null;
}

/**
 * What an agent sees of the artist beside the conversation. In the phone's
 * profile dialog (`inDialog`) the dialog is the labelled container and does
 * the scrolling, so this is a plain block there, not a landmark of its own.
 */
export function ArtistProfile({
  artist,
  inDialog = false,
}: {
  artist: ChatPeer;
  inDialog?: boolean;
}) {
  const links = [
    { label: "Spotify", href: safeHttpLink(artist.spotifyUrl) },
    { label: "Apple Music", href: safeHttpLink(artist.appleMusicUrl) },
    { label: "YouTube", href: safeHttpLink(artist.youtubeUrl) },
  ].filter((l): l is { label: string; href: string } => l.href !== null);
  const content = (
    <>
      <div className="flex items-center gap-3 xl:flex-col xl:text-center">
        <Avatar src={artist.picture} name={artist.name} size="lg" />
        <div className="min-w-0">
          <h2 className="truncate text-lg font-bold">{artist.name}</h2>
          <p className="truncate text-sm text-slate-600 dark:text-slate-300">{artist.email}</p>
        </div>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-600 uppercase dark:text-slate-300">Bio</h3>
        <p className="text-sm whitespace-pre-wrap">{artist.bio?.trim() || "No bio yet."}</p>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-600 uppercase dark:text-slate-300">
          Listen on
        </h3>
        {links.length === 0 ? (
          <p className="text-sm">No store links yet.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
                >
                  {link.label}
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ArtistBalance artistId={artist.id} />
      <ArtistSongs artistId={artist.id} />
    </>
  );
  if (inDialog) return <div className="flex flex-col gap-4 p-4">{content}</div>;
  return (
    <aside
      aria-label="Artist profile"
      // It scrolls on its own beside the conversation: reachable by keyboard.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable
      tabIndex={0}
      className="flex flex-col gap-4 border-slate-200 bg-white p-4 xl:w-72 xl:shrink-0 xl:overflow-y-auto xl:border-l dark:border-slate-800 dark:bg-slate-900"
    >
      {content}
    </aside>
  );
}
