import type { Kysely } from "kysely";
import { COVER_UPLOAD_PURPOSE, type SongValues } from "../../../shared/song-schemas";
import type { Database } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { deleteFileRows, findStoredFile } from "../uploads/stored-files";
import { findArtist } from "./artist-repository";
import { coversAmong, findSong } from "./song-repository";

export type { SongFields } from "./song-repository";

const NO_SUCH_ARTIST = "Choose an existing artist.";
const COVER_NOT_USABLE = "Upload the cover again for this artist.";

function invalid(field: string, message: string): HttpError {
  return new HttpError(400, message, { [field]: message }, "VALIDATION_FAILED");
}

/** Checks what the schema cannot: the artist exists and is an artist, the cover is theirs. */
export async function assertSongReferences(db: Kysely<Database>, values: SongValues) {
  const artist = await findArtist(db, values.artistId);
  if (!artist || Boolean(artist.admin)) throw invalid("artistId", NO_SUCH_ARTIST);
  if (values.coverFileId !== null) {
    const file = await findStoredFile(db, values.coverFileId);
    // A cover is uploaded for one artist; it cannot be lent to another one's song.
    const usable =
      file?.purpose === COVER_UPLOAD_PURPOSE &&
      file.status === "ready" &&
      file.scope === values.artistId;
    if (!usable) throw invalid("coverFileId", COVER_NOT_USABLE);
  }
}

/**
 * A replaced or removed cover's row is deleted, unless another song still
 * shows it; answers the ids whose bytes may go (after the caller's commit).
 */
export async function deleteCoverIfUnused(
  db: Kysely<Database>,
  coverFileId: string | null,
): Promise<string[]> {
  if (!coverFileId) return [];
  const stillUsed = await coversAmong(db, [coverFileId]);
  return stillUsed.length > 0 ? [] : deleteFileRows(db, { ids: [coverFileId] });
}

/** Which of these files a song shows as its cover (an upload still attached). */
export function songCoversAmong(db: Kysely<Database>, fileIds: readonly string[]) {
  return coversAmong(db, fileIds);
}

/** A song's artist, to decide who may see what hangs off it; undefined when it is gone. */
export async function songOwner(
  db: Kysely<Database>,
  songId: string,
): Promise<{ id: string; artistId: string } | undefined> {
  const song = await findSong(db, songId);
  return song ? { id: song.id, artistId: song.artistId } : undefined;
}
