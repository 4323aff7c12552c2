import type { Kysely, Selectable } from "kysely";
import type { Database, MessageTable } from "../../../db/schema";
import type { ChatFileType, ChatMessage } from "../../../../shared/chat";
import { quoteExcerpt, type MessageQuote } from "../../../../shared/quote";
import { visibleTo, visibleToEveryone } from "./message-visibility";

type Db = Kysely<Database>;
type QuotedRow = Pick<
  Selectable<MessageTable>,
  "id" | "seq" | "senderId" | "senderName" | "text" | "fileType"
>;

const toQuote = (row: QuotedRow): MessageQuote => ({
  id: row.id,
  seq: row.seq,
  userId: row.senderId,
  senderName: row.senderName,
  excerpt: quoteExcerpt(row.text),
  fileType: row.fileType as ChatFileType | null,
});

/**
 * The one check a quote passes: the quoted message is in the same room,
 * visible to the sender, and visible to both people (the reply reaches the
 * artist, so an internal note or desk line is never quotable). Undefined
 * otherwise (the caller refuses the send).
 */
export async function findQuotable(
  db: Db,
  roomId: string,
  quoteId: string,
  sender: { id: string; admin: boolean },
): Promise<MessageQuote | undefined> {
  const row = await db
    .selectFrom("message")
    .select(["id", "seq", "senderId", "senderName", "text", "fileType"])
    .where("id", "=", quoteId)
    .where("roomId", "=", roomId)
    .where((eb) => visibleTo({ kind: eb.ref("kind") }, sender))
    .where((eb) => visibleToEveryone({ kind: eb.ref("kind") }))
    .executeTakeFirst();
  return row ? toQuote(row) : undefined;
}

/** Fills in the quote of messages that reply to another (one query for the whole page). */
export async function attachQuotes(
  db: Db,
  rows: readonly Pick<Selectable<MessageTable>, "quoteId">[],
  messages: ChatMessage[],
): Promise<ChatMessage[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.quoteId ? [row.quoteId] : [])))];
  if (ids.length === 0) return messages;
  const quoted = await db
    .selectFrom("message")
    .select(["id", "seq", "senderId", "senderName", "text", "fileType"])
    .where("id", "in", ids)
    // findQuotable never stores such a quote; this keeps a note out of any page regardless.
    .where((eb) => visibleToEveryone({ kind: eb.ref("kind") }))
    .execute();
  const byId = new Map(quoted.map((row) => [row.id, toQuote(row)]));
  return messages.map((message, i) => {
    const quote = byId.get(rows[i]!.quoteId ?? "");
    return quote ? { ...message, quote } : message;
  });
}
