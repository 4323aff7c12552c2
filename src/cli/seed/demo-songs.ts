import { COVER_UPLOAD_PURPOSE } from "../../shared/song-schemas";
import type { SongFields } from "../../server/features/songs/song-repository";
import { createStoredFile } from "../../server/features/uploads/stored-files";
import type { CliContext } from "../cli-context";
import { seedDemoSongHistory } from "./demo-song-history";
import { solidPng } from "./solid-png";
import { DAY_MS } from "../../shared/durations";

const NUMBER_OF_DEMO_SONGS = 23;

const genres = ["Pop", "Indie", "Electronic", "Hip-Hop", "Jazz"];
// Mixed on purpose, every status the desk offers (stored lower-case, like
// every status since migration 0007).
const statuses = ["released", "pending", "rejected", "released", "in review"];

/** The demo song with this number (1 is the oldest); deterministic, so re-seeding adds nothing. */
export function demoSong(n: number, artistId: string): SongFields & { id: string } {
  // Songs 10 and 11 share a day, so paging by key has a tie to break by id.
  const slot = n === 11 ? 10 : n;
  const month = String(((slot - 1) % 12) + 1).padStart(2, "0");
  const year = 2022 + Math.floor((slot - 1) / 12);
  const isShowcase = n === NUMBER_OF_DEMO_SONGS;
  return {
    id: `demo-song-${String(n).padStart(2, "0")}`,
    artistId,
    type: `Demo Song ${n}`,
    status: isShowcase ? "released" : statuses[n % statuses.length]!,
    artist: "Demo Artist",
    album: n % 4 === 0 ? "" : `Demo Album ${Math.ceil(n / 6)}`,
    genre: n === 7 ? "" : genres[n % genres.length]!,
    date: `${year}-${month}-15`,
    duration: `${2 + (n % 3)}:${String((n * 7) % 60).padStart(2, "0")}`,
    lyrics: isShowcase ? "First line of the chorus\nSecond line of the chorus" : "",
    link: n % 5 === 0 ? "" : `https://music.example/demo-song-${n}`,
    coverFileId: null,
    spotifyUrl: isShowcase ? "https://open.spotify.com/track/demo23" : "",
    appleMusicUrl: isShowcase ? "https://music.apple.com/album/demo23" : "",
    youtubeUrl: isShowcase ? "https://www.youtube.com/watch?v=demo23" : "",
  };
}

/**
 * Song n was submitted n days after song 1, the newest two days ago, so its
 * history (submitted, then decided a day later) is all in the past and a
 * pending song's "Submitted" date is the day its history begins.
 */
function submittedAt(n: number, now: number): number {
  return now - (NUMBER_OF_DEMO_SONGS - n + 2) * DAY_MS;
}

/** Every third song has no cover, so the placeholder shows too. */
const hasCover = (n: number) => n % 3 !== 0;

function coverColour(n: number): [number, number, number] {
  return [(n * 53) % 256, (n * 97 + 80) % 256, (n * 31 + 160) % 256];
}

/**
 * 23 songs for the demo artist; only the missing ones are inserted, each
 * with a small generated cover stored like an agent's upload.
 */
export async function seedDemoSongs(
  ctx: CliContext,
  ids: { artistId: string; agentId: string },
): Promise<number> {
  const db = ctx.database.db;
  const existing = new Set(
    (
      await db
        .selectFrom("song_request")
        .select("id")
        .where("artistId", "=", ids.artistId)
        .execute()
    ).map((row) => row.id),
  );
  const now = Date.now();
  let added = 0;
  for (let n = 1; n <= NUMBER_OF_DEMO_SONGS; n++) {
    const submitted = submittedAt(n, now);
    const song = demoSong(n, ids.artistId);
    if (existing.has(song.id)) continue;
    if (hasCover(n)) {
      const cover = await createStoredFile(db, ctx.storage, {
        purpose: COVER_UPLOAD_PURPOSE,
        ownerId: ids.agentId,
        scope: ids.artistId,
        name: `${song.id}.png`,
        bytes: solidPng(64, 64, coverColour(n)),
      });
      song.coverFileId = cover.id;
    }
    await db
      .insertInto("song_request")
      .values({ ...song, createdAt: submitted, updatedAt: submitted })
      .execute();
    added += 1;
  }
  await seedDemoSongHistory(ctx, ids);
  return added;
}
