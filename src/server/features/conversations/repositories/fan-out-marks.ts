import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../../db/schema";
import type { MigrationDialect } from "../../../db/dialect-types";
import { databaseNowMs } from "../../../db/database-clock";
import type { PendingDelivery } from "../../../realtime/pending-delivery";
import {
  insertMessage,
  isUniqueViolation,
  type InsertResult,
  type NewMessage,
} from "./message-repository";
import { insertMessageBatch } from "./pg-message-batch";
import { attachSongCards } from "./message-rows";
import { attachQuotes } from "./quotes";

type Db = Kysely<Database>;

/**
 * The fan-out marks of decision 094 (table fan_out_pending): a message,
 * note or desk line stored while the portal runs with Redis carries a mark
 * from its own transaction until its instance has seen Redis confirm its
 * live delivery; a mark left older than a couple of seconds is swept by
 * any instance and delivered again. This file writes a message with its
 * mark and loads marked messages for realtime; realtime's own
 * fan-out-mark-repository.ts keeps the marks and heartbeats.
 */

/**
 * Where and for whom to write marks: the engine and this instance, or
 * undefined without Redis (one process delivers alone).
 */
export type FanOutMarking = { dialect: MigrationDialect; instanceId: string } | undefined;

/**
 * insertMessage with its mark, atomically: on PostgreSQL the batch
 * statement of one (retried on a seq race, as insertMessage is); on SQLite
 * the insert and the mark in one transaction.
 */
export async function insertMessageMarked(
  db: Db,
  marking: FanOutMarking,
  input: NewMessage,
): Promise<InsertResult> {
  if (!marking) return insertMessage(db, input);
  if (marking.dialect === "postgres") {
    for (let attempt = 0; ; attempt++) {
      try {
        return (await insertMessageBatch(db, [input], marking.instanceId))[0]!;
      } catch (error) {
        if (attempt >= 3 || !isUniqueViolation(error)) throw error;
      }
    }
  }
  return db.transaction().execute((trx) => insertMarkedIn(trx, marking, input));
}

/**
 * insertMessage with its mark, inside the caller's transaction: no retry of
 * its own (on PostgreSQL a seq race aborts the transaction; the caller
 * retries it whole, see isUniqueViolation).
 */
export async function insertMarkedIn(
  trx: Transaction<Database>,
  marking: FanOutMarking,
  input: NewMessage,
): Promise<InsertResult> {
  if (marking?.dialect === "postgres") {
    return (await insertMessageBatch(trx, [input], marking.instanceId))[0]!;
  }
  const result = await insertMessage(trx, input, 0);
  if (marking && result.outcome === "created") {
    await trx
      .insertInto("fan_out_pending")
      .values({
        messageId: input.id,
        instanceId: marking.instanceId,
        markedAt: databaseNowMs("sqlite"),
      })
      .execute();
  }
  return result;
}

/**
 * The marked messages, in each room's order, with their addresses as the
 * database has them now: a message's two members, the agents a note names,
 * a desk line's room state. A message gone since (account deleted) is left out.
 */
export async function loadPendingDeliveries(
  db: Db,
  messageIds: readonly string[],
): Promise<PendingDelivery[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .selectFrom("message")
    .selectAll()
    .where("id", "in", messageIds)
    .orderBy("roomId")
    .orderBy("seq")
    .execute();
  if (rows.length === 0) return [];
  const messages = await attachQuotes(db, rows, await attachSongCards(db, rows));
  const roomIds = [...new Set(rows.map((row) => row.roomId))];
  const noteIds = rows.filter((row) => row.kind === "note").map((row) => row.id);
  const [members, rooms, mentions] = await Promise.all([
    db
      .selectFrom("room_member")
      .select(["roomId", "userId"])
      .where("roomId", "in", roomIds)
      .execute(),
    db
      .selectFrom("room")
      .select(["id", "assigneeId", "status"])
      .where("id", "in", roomIds)
      .execute(),
    noteIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("desk_mention")
          .select(["messageId", "agentId"])
          .where("messageId", "in", noteIds)
          .execute(),
  ]);
  const room = new Map(rooms.map((r) => [r.id, r]));
  return messages.flatMap((message): PendingDelivery[] => {
    if (message.kind === "note") {
      const mentionedIds = mentions.filter((m) => m.messageId === message.id).map((m) => m.agentId);
      return [{ kind: "note", message, mentionedIds }];
    }
    if (message.kind === "event") {
      const state = room.get(message.roomId);
      if (!state) return [];
      return [
        { kind: "deskLine", line: message, assigneeId: state.assigneeId, status: state.status },
      ];
    }
    const memberIds = members.filter((m) => m.roomId === message.roomId).map((m) => m.userId);
    return [{ kind: "message", message, memberIds }];
  });
}
