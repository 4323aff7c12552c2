import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import type { ReplyVariables } from "../../../../shared/saved-replies";
import { displayName, type PublicUser } from "../../../../shared/user";

/**
 * What a saved reply's variables stand for in one room, for the agent
 * answering it (any agent of the desk): the room's artist, the agent, and
 * the song the conversation last referred to (the newest message carrying a
 * song that still belongs to the room's artist: one moved to another artist
 * is theirs now), if any.
 */
export async function replyVariables(
  db: Kysely<Database>,
  roomId: string,
  agent: PublicUser,
): Promise<ReplyVariables> {
  // The room names its artist (team desk): the agent asking may be a
  // teammate who is not one of the room's two members.
  const artist = await db
    .selectFrom("room as r")
    .innerJoin("user as u", "u.id", "r.artistId")
    .select(["u.artistName", "u.username", "u.email"])
    .where("r.id", "=", roomId)
    .executeTakeFirst();
  const song = await db
    .selectFrom("message as m")
    .innerJoin("song_request as s", "s.id", "m.songId")
    .innerJoin("room as r", (join) =>
      join.onRef("r.id", "=", "m.roomId").onRef("r.artistId", "=", "s.artistId"),
    )
    .select(["s.type", "s.status"])
    .where("m.roomId", "=", roomId)
    .where("m.songId", "is not", null)
    .orderBy("m.seq", "desc")
    .limit(1)
    .executeTakeFirst();
  return {
    "artist.name": artist ? displayName(artist) : "",
    "artist.email": artist?.email ?? "",
    "agent.name": displayName(agent),
    ...(song ? { "song.title": song.type, "song.status": song.status } : {}),
  };
}
