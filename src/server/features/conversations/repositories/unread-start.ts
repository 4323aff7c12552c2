import { sql, type Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { visibleTo } from "./message-visibility";

/**
 * Where a reader's unread messages begin: the first message from someone
 * else after their read mark, and how many there are. Read before opening
 * marks the room read, so the conversation can draw "N unread messages".
 * The read mark is the desk's for an agent (any agent may open any room,
 * member or not), else the member's; like the desk's unread count, desk
 * lines are not messages to read, and an artist never counts a note.
 */
export async function firstUnread(
  db: Kysely<Database>,
  roomId: string,
  reader: { id: string; admin: boolean },
): Promise<{ seq: number; count: number } | null> {
  const row = await db
    .selectFrom("message as m")
    .leftJoin("room_member as me", (join) =>
      join.onRef("me.roomId", "=", "m.roomId").on("me.userId", "=", reader.id),
    )
    .leftJoin("desk_read as dr", (join) =>
      join.onRef("dr.roomId", "=", "m.roomId").on("dr.agentId", "=", reader.id),
    )
    .select((eb) => [eb.fn.min("m.seq").as("seq"), eb.fn.countAll().as("count")])
    .where("m.roomId", "=", roomId)
    .where("m.senderId", "<>", reader.id)
    .where("m.kind", "<>", "event")
    .where((eb) => visibleTo({ kind: eb.ref("m.kind") }, reader))
    .where("m.createdAt", ">", (eb) =>
      eb.fn.coalesce("dr.lastReadAt", "me.lastReadAt", sql.lit(-1)),
    )
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  return row && count > 0 ? { seq: row.seq, count } : null;
}
