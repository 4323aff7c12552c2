import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../../db/schema";
import { numOrNull } from "./message-rows";

type Db = Kysely<Database>;

/** Creates the room and its two members if missing; the agent starts with no read mark. */
export async function ensureRoom(
  db: Db,
  roomId: string,
  members: { userId: string; lastReadAt: number | null }[],
  now: number,
): Promise<void> {
  await db.transaction().execute((trx) => ensureRoomIn(trx, roomId, members, now));
}

/** ensureRoom inside the caller's transaction (a room created with its first line). */
export async function ensureRoomIn(
  trx: Transaction<Database>,
  roomId: string,
  members: { userId: string; lastReadAt: number | null }[],
  now: number,
): Promise<void> {
  await trx
    .insertInto("room")
    .values({ id: roomId, createdAt: now })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  await trx
    .insertInto("room_member")
    .values(members.map((m) => ({ roomId, ...m })))
    .onConflict((oc) => oc.columns(["roomId", "userId"]).doNothing())
    .execute();
  await fillRoomParties(trx, roomId);
}

/**
 * Names a room's artist and agent (its two members) and makes the agent its
 * first assignee, for rooms not yet filled: a new room (ensureRoom), or rooms
 * the import wrote. `u.admin` alone is a truth test on both engines.
 */
export async function fillRoomParties(db: Db, roomId?: string): Promise<void> {
  const only = roomId === undefined ? sql`` : sql` and ${sql.ref("room.id")} = ${roomId}`;
  const member = (admin: boolean) =>
    sql`(select rm."userId" from room_member rm join ${sql.table("user")} u on u.id = rm."userId"
         where rm."roomId" = room.id and ${admin ? sql`u.admin` : sql`not u.admin`} limit 1)`;
  await sql`update room set "agentId" = ${member(true)}, "artistId" = ${member(false)}
            where "artistId" is null${only}`.execute(db);
  await sql`update room set "assigneeId" = "agentId"
            where "assigneeId" is null and "agentId" is not null${only}`.execute(db);
}

/** The artist and the picked agent of a room; undefined when there is no such room. */
export async function findRoomParties(db: Db, roomId: string) {
  return db
    .selectFrom("room")
    .select(["id", "artistId", "agentId", "assigneeId", "status"])
    .where("id", "=", roomId)
    .executeTakeFirst();
}

export async function findMembership(db: Db, roomId: string, userId: string) {
  const row = await db
    .selectFrom("room_member")
    .select("lastReadAt")
    .where("roomId", "=", roomId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row ? { lastReadAt: numOrNull(row.lastReadAt) } : undefined;
}

export async function roomMemberIds(db: Db, roomId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("room_member")
    .select("userId")
    .where("roomId", "=", roomId)
    .execute();
  return rows.map((r) => r.userId);
}

/** Everyone who shares a room with this user. */
export async function peersOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("room_member as mine")
    .innerJoin("room_member as peer", "peer.roomId", "mine.roomId")
    .select("peer.userId")
    .where("mine.userId", "=", userId)
    .where("peer.userId", "<>", userId)
    .execute();
  return rows.map((r) => r.userId);
}

/**
 * The room an agent opens for an artist: the one named (if it is the
 * artist's), else the agent's own room with them, else the artist's most
 * recently active room with any agent; undefined when the artist has none.
 */
export async function findArtistRoom(
  db: Db,
  artistId: string,
  agentId: string,
  preferredRoomId?: string,
): Promise<string | undefined> {
  const rows = await db
    .selectFrom("room")
    .select(["id", "agentId"])
    .where("artistId", "=", artistId)
    .orderBy("createdAt", "desc")
    .execute();
  const pick =
    rows.find((r) => r.id === preferredRoomId) ??
    rows.find((r) => r.agentId === agentId) ??
    rows[0];
  return pick?.id;
}

/** An agent's read mark in any room, member or not (the desk's unread counts and mentions). */
export async function markAgentRead(db: Db, roomId: string, agentId: string, at: number) {
  await db
    .insertInto("desk_read")
    .values({ roomId, agentId, lastReadAt: at })
    .onConflict((oc) => oc.columns(["roomId", "agentId"]).doUpdateSet({ lastReadAt: at }))
    .execute();
}

export async function markRead(db: Db, roomId: string, userId: string, at: number) {
  await db
    .updateTable("room_member")
    .set({ lastReadAt: at })
    .where("roomId", "=", roomId)
    .where("userId", "=", userId)
    .execute();
}

/** Everything of the user's conversations goes: rooms cascade to members and messages. */
export async function deleteRoomsOfUser(db: Db, userId: string): Promise<string[]> {
  const rooms = await db
    .selectFrom("room_member")
    .select("roomId")
    .where("userId", "=", userId)
    .execute();
  const ids = rooms.map((r) => r.roomId);
  // A conversation the user owned without being in it goes back to its own agent.
  await db
    .updateTable("room")
    .set((eb) => ({ assigneeId: eb.ref("agentId") }))
    .where("assigneeId", "=", userId)
    .execute();
  await db.deleteFrom("desk_read").where("agentId", "=", userId).execute();
  await db.deleteFrom("desk_mention").where("agentId", "=", userId).execute();
  if (ids.length > 0) {
    await db.deleteFrom("desk_mention").where("roomId", "in", ids).execute();
    await db.deleteFrom("desk_read").where("roomId", "in", ids).execute();
    await db.deleteFrom("message").where("roomId", "in", ids).execute();
    await db.deleteFrom("room_member").where("roomId", "in", ids).execute();
    await db.deleteFrom("room").where("id", "in", ids).execute();
  }
  return ids;
}
