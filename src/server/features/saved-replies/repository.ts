import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, SavedReplyTable } from "../../db/schema";
import type { SavedReply } from "../../../shared/saved-replies";

type Db = Kysely<Database>;

const toSavedReply = (row: Selectable<SavedReplyTable>): SavedReply => ({
  id: row.id,
  shortcut: row.shortcut,
  text: row.text,
  updatedAt: row.updatedAt,
});

export async function listSavedReplies(db: Db): Promise<SavedReply[]> {
  const rows = await db
    .selectFrom("saved_reply")
    .selectAll()
    .orderBy(sql`lower(shortcut)`)
    .execute();
  return rows.map(toSavedReply);
}

/** Whether another reply (not `exceptId`) already uses this shortcut, ignoring case. */
export async function shortcutTaken(db: Db, shortcut: string, exceptId?: string) {
  let query = db
    .selectFrom("saved_reply")
    .select("id")
    .where(sql<string>`lower(shortcut)`, "=", shortcut.toLowerCase());
  if (exceptId) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertSavedReply(
  db: Db,
  values: { shortcut: string; text: string; createdById: string; now: number },
): Promise<SavedReply> {
  const row = await db
    .insertInto("saved_reply")
    .values({
      id: crypto.randomUUID(),
      shortcut: values.shortcut,
      text: values.text,
      createdById: values.createdById,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSavedReply(row);
}

export async function updateSavedReply(
  db: Db,
  id: string,
  values: { shortcut: string; text: string; now: number },
): Promise<SavedReply | undefined> {
  const row = await db
    .updateTable("saved_reply")
    .set({ shortcut: values.shortcut, text: values.text, updatedAt: values.now })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row ? toSavedReply(row) : undefined;
}

export async function deleteSavedReply(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("saved_reply").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
