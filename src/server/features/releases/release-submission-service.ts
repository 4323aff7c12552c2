import type { Kysely } from "kysely";
import { normalizeIsrc, upcKey } from "../../../shared/release-codes";
import { artistWithFeatured, trackDisplayTitle } from "../../../shared/release-format";
import type { ReleaseDetail } from "../../../shared/release-schemas";
import { normalizeDuration } from "../../../shared/song-duration";
import type { Database } from "../../db/schema";
import {
  createSongOfTrack,
  deleteSongsOfTracks,
  refreshSongOfTrack,
  reviewStartedOnSongs,
} from "../songs/release-song-service";
import type { SongFields } from "../songs/song-service";
import { insertStep } from "./review/release-review-repository";
import {
  changeReleaseState,
  claimedIsrcs,
  findTracks,
  linkTrack,
  type ReleaseRow,
  unlinkTracks,
} from "./release-repository";
import { isUniqueViolation, setUpcClaim, upcClaimedElsewhere } from "./release-upc-repository";

/** Thrown inside a transaction to roll it back with a known outcome. */
class Rollback extends Error {
  constructor(readonly outcome: "stale" | "review-started" | "code-taken") {
    super(outcome);
  }
}

/** The song request a submitted track becomes (the spec's shape, status pending). */
export function songOfTrack(
  release: ReleaseDetail,
  track: ReleaseDetail["tracks"][number],
): SongFields {
  const seconds = Math.round((track.audio?.durationMs ?? 0) / 1000);
  return {
    artistId: release.artistId,
    type: trackDisplayTitle(track),
    status: "pending",
    artist: artistWithFeatured(release.primaryArtist, [
      ...release.featuredArtists,
      ...track.featuredArtists,
    ]),
    album: release.title,
    genre: release.genre,
    date: release.releaseDate,
    duration: seconds > 0 ? (normalizeDuration(String(seconds)) ?? "") : "",
    lyrics: track.lyrics,
    link: "",
    coverFileId: release.artwork?.fileId ?? null,
    spotifyUrl: "",
    appleMusicUrl: "",
    youtubeUrl: "",
  };
}

export type SubmitOutcome =
  | "stale"
  /** Tracks whose ISRC, or the UPC, another release claimed first. */
  | { isrcTaken: string[]; upcTaken: boolean }
  | { row: ReleaseRow; songIds: string[] };

/**
 * In ONE transaction: the release becomes submitted, each track a song
 * request, each ISRC and the UPC the portal's claim (unique indexes: of two
 * releases submitted at once with one code, one fails and rolls back).
 */
export async function submitRelease(
  db: Kysely<Database>,
  release: ReleaseDetail,
  acknowledgedWarnings: string[],
  now: number,
): Promise<SubmitOutcome> {
  const claims = new Map(
    release.tracks.flatMap((track) => {
      const isrc = normalizeIsrc(track.isrc);
      return isrc ? [[track.id, isrc] as const] : [];
    }),
  );
  const upc = upcKey(release.upc);
  // The songs' history says the artist moved them (as the release's primary artist).
  const artist = { agentId: null, name: release.primaryArtist };
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await changeReleaseState(
        trx,
        release.id,
        release.version,
        { state: "submitted", submittedAt: now, acknowledgedWarnings },
        now,
      );
      if (!row) throw new Rollback("stale");
      const taken = await claimedIsrcs(trx, release.id, [...claims.values()]);
      if (taken.size > 0) throw new Rollback("code-taken");
      if (upc && (await upcClaimedElsewhere(trx, release.id, upc))) {
        throw new Rollback("code-taken");
      }
      // The unique index is the last word when another release claims it at this moment.
      await setUpcClaim(trx, release.id, upc);
      const songIds: string[] = [];
      for (const track of release.tracks) {
        // A resubmission keeps each track's song (its id, views and links).
        const fields = songOfTrack(release, track);
        const kept =
          track.songId && (await refreshSongOfTrack(trx, track.songId, fields, artist, now));
        const songId =
          kept && track.songId ? track.songId : await createSongOfTrack(trx, fields, artist, now);
        songIds.push(songId);
        await linkTrack(trx, release.id, track.id, {
          songId,
          isrcClaim: claims.get(track.id) ?? null,
        });
      }
      const resubmitted = release.state === "changes_requested";
      await insertStep(trx, {
        releaseId: release.id,
        data: { kind: resubmitted ? "resubmitted" : "submitted" },
        actor: null,
        releaseVersion: row.version,
        at: now,
      });
      return { row, songIds };
    });
  } catch (error) {
    if (error instanceof Rollback && error.outcome === "stale") return "stale";
    if ((error instanceof Rollback && error.outcome === "code-taken") || isUniqueViolation(error)) {
      const taken = await claimedIsrcs(db, release.id, [...claims.values()]);
      const trackIds = [...claims].filter(([, isrc]) => taken.has(isrc)).map(([id]) => id);
      const upcTaken = upc !== null && (await upcClaimedElsewhere(db, release.id, upc));
      // Nothing found taken a moment later: name every code the release claims.
      const none = trackIds.length === 0 && !upcTaken;
      return {
        isrcTaken: none ? [...claims.keys()] : trackIds,
        upcTaken: upcTaken || (none && upc !== null),
      };
    }
    throw error;
  }
}

export type WithdrawOutcome = "stale" | "review-started" | { row: ReleaseRow; songIds: string[] };

/** Back to a draft in ONE transaction: its pending song requests, ISRC and UPC claims go. */
export async function withdrawRelease(
  db: Kysely<Database>,
  release: ReleaseRow,
  now: number,
): Promise<WithdrawOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await changeReleaseState(
        trx,
        release.id,
        release.version,
        { state: "draft", submittedAt: null, acknowledgedWarnings: [] },
        now,
      );
      if (!row) throw new Rollback("stale");
      const tracks = await findTracks(trx, [release.id]);
      const songIds = tracks.flatMap((track) => (track.songId ? [track.songId] : []));
      if (await reviewStartedOnSongs(trx, songIds)) throw new Rollback("review-started");
      await deleteSongsOfTracks(trx, release.artistId, songIds);
      await unlinkTracks(trx, release.id);
      await setUpcClaim(trx, release.id, null);
      return { row, songIds };
    });
  } catch (error) {
    if (error instanceof Rollback && error.outcome !== "code-taken") return error.outcome;
    throw error;
  }
}
