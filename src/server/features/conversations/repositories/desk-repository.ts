import { sql, type Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import type { ConversationStatus, DeskAgent } from "../../../../shared/desk";
import { displayName } from "../../../../shared/user";

type Db = Kysely<Database>;

/** Every support agent, by name. */
export async function listAgents(db: Db): Promise<DeskAgent[]> {
  const rows = await db
    .selectFrom("user")
    .select(["id", "artistName", "username"])
    // A bare truth test works on both engines (boolean on PostgreSQL, 0/1 on SQLite).
    .where(sql<boolean>`${sql.ref("admin")}`)
    .execute();
  return rows
    .map((row) => ({ id: row.id, name: displayName(row) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export async function findDeskRoom(db: Db, roomId: string) {
  const row = await db
    .selectFrom("room")
    .innerJoin("user as artist", "artist.id", "room.artistId")
    .select([
      "room.id",
      "room.artistId",
      "room.assigneeId",
      "room.status",
      "artist.artistName",
      "artist.username",
    ])
    .where("room.id", "=", roomId)
    .executeTakeFirst();
  if (!row?.artistId) return undefined;
  return {
    roomId: row.id,
    artistId: row.artistId,
    artistName: displayName(row),
    assigneeId: row.assigneeId,
    status: row.status,
  };
}

export async function setAssignee(db: Db, roomId: string, assigneeId: string): Promise<void> {
  await db.updateTable("room").set({ assigneeId }).where("id", "=", roomId).execute();
}

/**
 * Moves a room to `to` if it is not there yet; answers whether it moved, so
 * two agents pressing Resolve at once write one line.
 */
export async function changeStatus(
  db: Db,
  roomId: string,
  to: ConversationStatus,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable("room")
    .set({ status: to, statusChangedAt: at })
    .where("id", "=", roomId)
    .where("status", "<>", to)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertMentions(
  db: Db,
  roomId: string,
  messageId: string,
  agentIds: readonly string[],
  at: number,
): Promise<void> {
  if (agentIds.length === 0) return;
  await db
    .insertInto("desk_mention")
    .values(agentIds.map((agentId) => ({ messageId, agentId, roomId, createdAt: at })))
    .onConflict((oc) => oc.columns(["messageId", "agentId"]).doNothing())
    .execute();
}
