import type SQLite from "better-sqlite3";
import type { Selectable } from "kysely";
import type { MessageTable } from "../../../db/schema";
import { FROM_MSG_NUM, TO_MSG_NUM } from "../../../../shared/chat";
import { toChatMessage, type InsertResult, type NewMessage } from ".";

/**
 * insertMessage's statement for SQLite, prepared once: building and
 * compiling it with Kysely for every send cost more CPU than running it.
 * Same semantics: the room's next seq and the sender's current name are
 * taken inside the insert, a retried id answers the stored row.
 */
const INSERT = `insert into message (id, "roomId", seq, "senderId", "senderName", text, "createdAt",
    status, "fromMsgNum", "toMsgNum", "fileId", "fileUrl", "fileType", "fileName", "fileSize",
    kind, "songId", "quoteId")
  select @id, @roomId, coalesce(max(seq), 0) + 1, @senderId,
    coalesce((select coalesce(nullif(trim(u."artistName"), ''), u.username) from "user" as u
              where u.id = @senderId), @senderName),
    @text, @createdAt, 'sent', ${FROM_MSG_NUM}, ${TO_MSG_NUM}, @fileId, @fileUrl, @fileType,
    @fileName, @fileSize, @kind, @songId, @quoteId
  from message where "roomId" = @roomId
  on conflict (id) do nothing
  returning *`;

export type SqliteMessageInsert = (input: NewMessage) => InsertResult;

/** Runs synchronously on the raw connection: call it only while holding Kysely's connection. */
export function prepareMessageInsert(sqlite: SQLite.Database): SqliteMessageInsert {
  const insert = sqlite.prepare<Record<string, unknown>, Selectable<MessageTable>>(INSERT);
  const byId = sqlite.prepare<[string], Selectable<MessageTable>>(
    "select * from message where id = ?",
  );
  return (input) => {
    const row = insert.get({
      id: input.id,
      roomId: input.roomId,
      senderId: input.senderId,
      senderName: input.senderName,
      text: input.text,
      createdAt: input.createdAt,
      fileId: input.file?.fileId ?? null,
      fileUrl: input.file?.fileUrl ?? null,
      fileType: input.file?.fileType ?? null,
      fileName: input.file?.fileName ?? null,
      fileSize: input.file?.fileSize ?? null,
      kind: input.kind ?? "text",
      songId: input.songId ?? null,
      quoteId: input.quoteId ?? null,
    });
    if (row) return { outcome: "created", message: toChatMessage(row) };
    const existing = byId.get(input.id)!;
    const same = existing.roomId === input.roomId && existing.senderId === input.senderId;
    return same
      ? { outcome: "existing", message: toChatMessage(existing) }
      : { outcome: "conflict" };
  };
}
