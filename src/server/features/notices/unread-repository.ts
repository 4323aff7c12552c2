import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { RoomParties } from "../../events/domain-events";

import { SHARED_KINDS } from "../../../shared/desk";

type Db = Kysely<Database>;

/**
 * The recipient, their read mark in the room and where the conversation is
 * for them; undefined when either is gone, or the recipient may not read the
 * room (one of its two people, or any agent: the desk works as a team).
 */
export async function findRecipient(db: Db, roomId: string, userId: string) {
  const row = await db
    .selectFrom("room")
    .innerJoin("user", (join) => join.on("user.id", "=", userId))
    .leftJoin("room_member as rm", (join) =>
      join.onRef("rm.roomId", "=", "room.id").on("rm.userId", "=", userId),
    )
    .leftJoin("desk_read as dr", (join) =>
      join.onRef("dr.roomId", "=", "room.id").on("dr.agentId", "=", userId),
    )
    .select([
      "user.id",
      "user.email",
      "user.artistName",
      "user.username",
      "user.admin",
      "rm.userId as memberId",
      "rm.lastReadAt as memberReadAt",
      "dr.lastReadAt as deskReadAt",
      "room.artistId",
      "room.agentId",
    ])
    .where("room.id", "=", roomId)
    .executeTakeFirst();
  if (!row || (!row.memberId && !row.admin)) return undefined;
  const admin = Boolean(row.admin);
  return {
    ...row,
    admin,
    lastReadAt: admin ? (row.deskReadAt ?? row.memberReadAt) : row.memberReadAt,
  };
}

/** Who hears of a new message by email: the artist for an agent's, the assignee for the artist's. */
export function noticeRecipient(
  room: RoomParties | undefined,
  senderId: string,
): string | undefined {
  if (!room?.artistId) return undefined;
  const to = senderId === room.artistId ? (room.assigneeId ?? room.agentId) : room.artistId;
  return to && to !== senderId ? to : undefined;
}

/**
 * Messages from others after the read mark, oldest first, at most `limit`.
 * An artist's never include notes or desk lines; an agent's include notes.
 */
export async function unreadMessages(
  db: Db,
  roomId: string,
  recipient: { id: string; admin: boolean },
  after: number,
  limit: number,
) {
  const kinds = recipient.admin ? [...SHARED_KINDS, "note"] : [...SHARED_KINDS];
  const base = db
    .selectFrom("message")
    .where("roomId", "=", roomId)
    .where("senderId", "!=", recipient.id)
    .where("kind", "in", kinds)
    .where("createdAt", ">", after);
  const [rows, total] = await Promise.all([
    base
      .select(["senderId", "senderName", "text", "fileType", "fileName", "createdAt"])
      .orderBy("seq")
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

/** When the last unread notice for this key went out (undefined: never). */
export async function lastNoticeSentAt(db: Db, key: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("mail_job")
    .select((eb) => eb.fn.max("doneAt").as("at"))
    .where("dedupeKey", "=", key)
    .where("status", "=", "sent")
    .executeTakeFirst();
  return row?.at ?? undefined;
}
