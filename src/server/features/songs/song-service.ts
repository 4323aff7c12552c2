import type { Kysely } from "kysely";
import type { SongValues } from "../../../shared/song-schemas";
import type { Database } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { findArtist } from "./artist-repository";

const NO_SUCH_ARTIST = "Choose an existing artist.";

/** Checks what the schema cannot: the artist exists and is an artist, the cover is theirs. */
export async function assertSongReferences(db: Kysely<Database>, values: SongValues) {
  const artist = await findArtist(db, values.artistId);
  if (!artist || Boolean(artist.admin)) {
    throw new HttpError(400, NO_SUCH_ARTIST, { artistId: NO_SUCH_ARTIST }, "VALIDATION_FAILED");
  }
  // Covers need the uploads core; until it is merged no song can reference one.
  if (values.coverFileId !== null) {
    throw new HttpError(
      400,
      COVER_NOT_USABLE,
      { coverFileId: COVER_NOT_USABLE },
      "VALIDATION_FAILED",
    );
  }
}

const COVER_NOT_USABLE = "Upload the cover again for this artist.";
