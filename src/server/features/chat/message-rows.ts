import type { Kysely, Selectable } from "kysely";
import type { Database, MessageTable } from "../../db/schema";
import type { ChatFileType, ChatMessage } from "../../../shared/chat";
import { coverFileUrl } from "../../../shared/song-schemas";

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
 * current title, status and cover (one query for the whole list).
 */
export async function attachSongCards(
  db: Db,
  rows: Selectable<MessageTable>[],
): Promise<ChatMessage[]> {
  const messages = rows.map(toChatMessage);
  const ids = [...new Set(rows.flatMap((row) => (row.songId ? [row.songId] : [])))];
  if (ids.length === 0) return messages;
  const songs = await db
    .selectFrom("song_request")
    .select(["id", "type", "status", "coverFileId"])
    .where("id", "in", ids)
    .execute();
  const byId = new Map(songs.map((song) => [song.id, song]));
  return messages.map((message, i) => {
    const song = byId.get(rows[i]!.songId ?? "");
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
