import { sql, type Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import {
  FROM_MSG_NUM,
  MESSAGE_PAGE_SIZE,
  TO_MSG_NUM,
  type ChatFileType,
  type ChatMessage,
  type MessagesQuery,
} from "../../../../shared/chat";
import { KINDS_EVERYONE_READS } from "../access/access-rule";
import { attachSongCards, toChatMessage } from "./message-rows";
import { attachQuotes } from "./quotes";
import { visibleTo } from "./message-visibility";

type Db = Kysely<Database>;

export interface NewMessage {
  id: string;
  roomId: string;
  senderId: string;
  senderName: string;
  text: string;
  createdAt: number;
  file: {
    fileId: string;
    fileUrl: string;
    fileType: ChatFileType;
    fileName: string;
    fileSize: number;
  } | null;
  kind?: "text" | NonNullable<ChatMessage["kind"]>;
  songId?: string | null;
  /** A message of the same room this one replies to (checked by findQuotable). */
  quoteId?: string | null;
}

export type InsertResult =
  { outcome: "created" | "existing"; message: ChatMessage } | { outcome: "conflict" };

/**
 * Stores a message once: a retried send with the same id returns the stored
 * row. ONE statement takes the room's next seq and inserts, so it is atomic
 * without a transaction on SQLite; on PostgreSQL two concurrent sends to a
 * room can pick the same seq, the unique (roomId, seq) index refuses one,
 * and it is retried.
 */
export async function insertMessage(
  db: Db,
  input: NewMessage,
  /** Seq races retried here; 0 inside a transaction, which a failed statement aborts (its caller retries it whole). */
  retries = 3,
): Promise<InsertResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      const inserted = await db
        .insertInto("message")
        .columns([
          "id",
          "roomId",
          "seq",
          "senderId",
          "senderName",
          "text",
          "createdAt",
          "status",
          "fromMsgNum",
          "toMsgNum",
          "fileId",
          "fileUrl",
          "fileType",
          "fileName",
          "fileSize",
          "kind",
          "songId",
          "quoteId",
        ])
        .expression((eb) =>
          eb
            .selectFrom("message")
            .select([
              // Typed casts: PostgreSQL cannot infer a parameter's type in a SELECT list.
              eb.cast(eb.val(input.id), "text").as("id"),
              eb.cast(eb.val(input.roomId), "text").as("roomId"),
              sql<number>`coalesce(max(${eb.ref("seq")}), 0) + 1`.as("seq"),
              eb.cast(eb.val(input.senderId), "text").as("senderId"),
              // The sender's name as it is now (a socket holds the user as at connect time).
              sql<string>`coalesce((select coalesce(nullif(trim(${sql.ref("u.artistName")}), ''), ${sql.ref("u.username")}) from ${sql.table("user")} as u where ${sql.ref("u.id")} = ${input.senderId}), ${input.senderName})`.as(
                "senderName",
              ),
              eb.cast(eb.val(input.text), "text").as("text"),
              eb.cast(eb.val(input.createdAt), "bigint").as("createdAt"),
              eb.cast(eb.val("sent"), "text").as("status"),
              eb.cast(eb.val(FROM_MSG_NUM), "integer").as("fromMsgNum"),
              eb.cast(eb.val(TO_MSG_NUM), "integer").as("toMsgNum"),
              eb.cast(eb.val(input.file?.fileId ?? null), "text").as("fileId"),
              eb.cast(eb.val(input.file?.fileUrl ?? null), "text").as("fileUrl"),
              eb.cast(eb.val(input.file?.fileType ?? null), "text").as("fileType"),
              eb.cast(eb.val(input.file?.fileName ?? null), "text").as("fileName"),
              eb.cast(eb.val(input.file?.fileSize ?? null), "bigint").as("fileSize"),
              eb.cast(eb.val(input.kind ?? "text"), "text").as("kind"),
              eb.cast(eb.val(input.songId ?? null), "text").as("songId"),
              eb.cast(eb.val(input.quoteId ?? null), "text").as("quoteId"),
            ])
            .where("roomId", "=", input.roomId),
        )
        .onConflict((oc) => oc.column("id").doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { outcome: "created", message: toChatMessage(inserted) };
      break;
    } catch (error) {
      if (attempt >= retries || !isUniqueViolation(error)) throw error;
    }
  }
  const existing = await db
    .selectFrom("message")
    .selectAll()
    .where("id", "=", input.id)
    .executeTakeFirstOrThrow();
  const same = existing.roomId === input.roomId && existing.senderId === input.senderId;
  return same ? { outcome: "existing", message: toChatMessage(existing) } : { outcome: "conflict" };
}

/**
 * A message this sender already stored in this room under this id (a
 * retried send), if the sender may see it: an agents-only line stored under
 * an artist's name is never answered to that artist.
 */
export async function findOwnMessage(
  db: Db,
  id: string,
  roomId: string,
  sender: { id: string; admin: boolean },
): Promise<ChatMessage | undefined> {
  const row = await db
    .selectFrom("message")
    .selectAll()
    .where("id", "=", id)
    .where("roomId", "=", roomId)
    .where("senderId", "=", sender.id)
    .where((eb) => visibleTo({ kind: eb.ref("kind") }, sender))
    .executeTakeFirst();
  return row ? (await attachQuotes(db, [row], await attachSongCards(db, [row])))[0] : undefined;
}

/** A message's room and kind, for the access rule; undefined when there is no such message. */
export async function findMessageKind(
  db: Db,
  id: string,
): Promise<{ roomId: string; kind: string } | undefined> {
  return db
    .selectFrom("message")
    .select(["roomId", "kind"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    code === "23505"
  );
}

/**
 * One page of a room's messages, oldest first, by key on (roomId, seq):
 * after a seq (resync), before a seq (older history) or the latest page.
 * Every page costs the same however deep it lies.
 */
export async function listMessages(
  db: Db,
  roomId: string,
  page: MessagesQuery,
  /** Agents read notes and desk lines too; an artist never does. */
  agentView = false,
): Promise<ChatMessage[]> {
  const visible = agentView
    ? db.selectFrom("message").selectAll()
    : db.selectFrom("message").selectAll().where("kind", "in", KINDS_EVERYONE_READS);
  if (page.after !== undefined) {
    const rows = await visible
      .where("roomId", "=", roomId)
      .where("seq", ">", page.after)
      .orderBy("seq", "asc")
      .limit(MESSAGE_PAGE_SIZE)
      .execute();
    return attachQuotes(db, rows, await attachSongCards(db, rows));
  }
  let latest = visible.where("roomId", "=", roomId);
  if (page.before !== undefined) latest = latest.where("seq", "<", page.before);
  const rows = await latest.orderBy("seq", "desc").limit(MESSAGE_PAGE_SIZE).execute();
  rows.reverse();
  return attachQuotes(db, rows, await attachSongCards(db, rows));
}
