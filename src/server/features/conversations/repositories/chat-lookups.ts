import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { HttpError } from "../../../http/errors";
import { displayName } from "../../../../shared/user";
import type { ChatPeer, MessageSongRef } from "../../../../shared/chat";
import { coverFileUrl } from "../../../../shared/song-schemas";

export const SONG_NOT_REFERABLE = "Song not found";

/** The person on the other side of a room being opened, as the chat shows them. */
export async function findChatPeer(
  db: Kysely<Database>,
  peerId: string,
): Promise<ChatPeer | undefined> {
  const row = await db
    .selectFrom("user")
    .select([
      "id",
      "artistName",
      "username",
      "email",
      "profilePicture",
      "admin",
      "bio",
      "spotifyUrl",
      "appleMusicUrl",
      "youtubeUrl",
    ])
    .where("id", "=", peerId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: displayName(row),
    email: row.email,
    picture: row.profilePicture,
    admin: Boolean(row.admin),
    bio: row.bio,
    spotifyUrl: row.spotifyUrl,
    appleMusicUrl: row.appleMusicUrl,
    youtubeUrl: row.youtubeUrl,
  };
}

/**
 * A song a message may refer to: only a song of the room's artist, that is
 * the sender's own song for an artist. Anything else answers like a
 * missing song (404), so other artists' song ids cannot be probed.
 */
export async function findReferableSong(
  db: Kysely<Database>,
  artistId: string | null | undefined,
  songId: string,
): Promise<MessageSongRef> {
  const song = await db
    .selectFrom("song_request")
    .select(["id", "type", "status", "coverFileId", "artistId"])
    .where("id", "=", songId)
    .executeTakeFirst();
  if (!song || !artistId || song.artistId !== artistId) {
    throw new HttpError(404, SONG_NOT_REFERABLE, undefined, "NOT_FOUND");
  }
  return {
    id: song.id,
    title: song.type,
    status: song.status,
    coverUrl: song.coverFileId ? coverFileUrl(song.coverFileId) : null,
  };
}
