import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../../db/database";
import type { Database } from "../../db/schema";

/** Unread-message emails are on unless the person turned them off. */
export async function wantsUnreadNotices(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("mail_preference")
    .select("unreadNotices")
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row ? Boolean(row.unreadNotices) : true;
}

export async function setUnreadNotices(
  database: DatabaseHandle,
  userId: string,
  on: boolean,
): Promise<void> {
  const value = database.bool(on);
  const updatedAt = Date.now();
  await database.db
    .insertInto("mail_preference")
    .values({ userId, unreadNotices: value, updatedAt })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ unreadNotices: value, updatedAt }))
    .execute();
}
