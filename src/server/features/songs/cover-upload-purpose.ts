import type { Kysely } from "kysely";
import { COVER_MAX_BYTES, COVER_UPLOAD_PURPOSE } from "../../../shared/song-schemas";
import type { Database } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { UploadPurpose } from "../uploads/upload-purposes";
import { findArtist } from "./artist-repository";
import { songCoversAmong } from "./song-service";

export const COVER_AGENTS_ONLY_MESSAGE = "Only support agents can upload song covers.";
export const COVER_NEEDS_ARTIST_MESSAGE = "Choose the artist before uploading a cover.";

/**
 * Song covers: uploaded by agents for one artist (the scope), readable by
 * agents and by that artist only.
 */
export function coverUploadPurpose(db: Kysely<Database>): UploadPurpose {
  return {
    name: COVER_UPLOAD_PURPOSE,
    maxBytes: COVER_MAX_BYTES,
    kinds: ["image"],
    async authorize(user, metadata) {
      if (!user.admin) throw new HttpError(403, COVER_AGENTS_ONLY_MESSAGE);
      const artistId = metadata.artistId ?? "";
      const artist = artistId ? await findArtist(db, artistId) : undefined;
      if (!artist || Boolean(artist.admin)) throw new HttpError(400, COVER_NEEDS_ARTIST_MESSAGE);
      return { scope: artist.id };
    },
    canRead(user, file) {
      return Promise.resolve(user.admin || file.scope === user.id);
    },
    attached(database, ids) {
      return songCoversAmong(database, ids);
    },
  };
}
