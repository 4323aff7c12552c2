import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

type Db = Kysely<Database>;

/** The recipient and their read mark in the room; undefined when either is gone. */
export async function findRecipient(db: Db, roomId: string, userId: string) {
  return db
    .selectFrom("room_member")
    .innerJoin("user", "user.id", "room_member.userId")
    .select([
      "user.id",
      "user.email",
      "user.artistName",
      "user.username",
      "user.admin",
      "room_member.lastReadAt",
    ])
    .where("room_member.roomId", "=", roomId)
    .where("room_member.userId", "=", userId)
    .executeTakeFirst();
}

/** Messages from the other person after the read mark, oldest first, at most `limit`. */
export async function unreadMessages(
  db: Db,
  roomId: string,
  userId: string,
  after: number,
  limit: number,
) {
  const base = db
    .selectFrom("message")
    .where("roomId", "=", roomId)
    .where("senderId", "!=", userId)
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
