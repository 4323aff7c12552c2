import type { Kysely, Selectable } from "kysely";
import type { Database, MessageTable } from "../../../db/schema";
import type { ChatFileType, ChatMessage } from "../../../../shared/chat";
import { coverFileUrl } from "../../../../shared/song-schemas";

type Db = Kysely<Database>;

/** PostgreSQL returns bigint as text; SQLite as a number. */
export const num = (v: number | string | bigint): number => Number(v);
export const numOrNull = (v: number | string | bigint | null): number | null =>
  v === null ? null : Number(v);

export function toChatMessage(row: Selectable<MessageTable>): ChatMessage {
  return {
    id: row.id,
    roomId: row.roomId,
    seq: num(row.seq),
    userId: row.senderId,
    senderName: row.senderName,
    text: row.text,
    createdAt: num(row.createdAt),
    status: "sent",
    from_msg_num: row.fromMsgNum,
    to_msg_num: row.toMsgNum,
    fileUrl: row.fileUrl,
    fileType: row.fileType as ChatFileType | null,
    fileName: row.fileName,
    fileSize: numOrNull(row.fileSize),
    ...(row.kind !== "text" ? { kind: row.kind as NonNullable<ChatMessage["kind"]> } : {}),
    song: null,
  };
}

/**
 * Fills in the song card of messages that refer to a song, with the song's
 * current title, status and cover (one query for the whole list), while the
 * song still belongs to the room's artist: a song an agent moved to another
 * artist shows no card in the first artist's conversation (its title and
 * status are the other artist's now).
 */
export async function attachSongCards(
  db: Db,
  rows: Selectable<MessageTable>[],
): Promise<ChatMessage[]> {
  const messages = rows.map(toChatMessage);
  const referring = rows.filter((row) => row.songId);
  if (referring.length === 0) return messages;
  const songs = await db
    .selectFrom("song_request as s")
    .innerJoin("room as r", "r.artistId", "s.artistId")
    .select(["s.id", "s.type", "s.status", "s.coverFileId", "r.id as roomId"])
    .where("s.id", "in", [...new Set(referring.map((row) => row.songId!))])
    .where("r.id", "in", [...new Set(referring.map((row) => row.roomId))])
    .execute();
  const inRoom = new Map(songs.map((song) => [`${song.roomId} ${song.id}`, song]));
  return messages.map((message, i) => {
    const row = rows[i]!;
    const song = row.songId ? inRoom.get(`${row.roomId} ${row.songId}`) : undefined;
    return song
      ? {
          ...message,
          song: {
            id: song.id,
            title: song.type,
            status: song.status,
            coverUrl: song.coverFileId ? coverFileUrl(song.coverFileId) : null,
          },
        }
      : message;
  });
}
