import type { Kysely } from "kysely";
import type { MailPreferences } from "../../../shared/mail-preferences";
import type { DatabaseHandle } from "../../db/database";
import type { Database } from "../../db/schema";

/** A person's mail settings; each is on unless they turned it off. */
export async function readMailPreferences(
  db: Kysely<Database>,
  userId: string,
): Promise<MailPreferences> {
  const row = await db
    .selectFrom("mail_preference")
    .select(["unreadNotices", "songStatusNotices", "earningsEmails"])
    .where("userId", "=", userId)
    .executeTakeFirst();
  return {
    unreadNotices: row ? Boolean(row.unreadNotices) : true,
    songStatusNotices: row?.songStatusNotices == null ? true : Boolean(row.songStatusNotices),
    earningsEmails: row?.earningsEmails == null ? true : Boolean(row.earningsEmails),
  };
}

/** Unread-message emails are on unless the person turned them off. */
export async function wantsUnreadNotices(db: Kysely<Database>, userId: string): Promise<boolean> {
  return (await readMailPreferences(db, userId)).unreadNotices;
}

/** Song status emails are on unless the person turned them off. */
export async function wantsSongStatusNotices(
  db: Kysely<Database>,
  userId: string,
): Promise<boolean> {
  return (await readMailPreferences(db, userId)).songStatusNotices;
}

/** Changes the settings given and keeps the others; answers all of them. */
export async function saveMailPreferences(
  database: DatabaseHandle,
  userId: string,
  changes: Partial<MailPreferences>,
): Promise<MailPreferences> {
  const next = { ...(await readMailPreferences(database.db, userId)), ...changes };
  const values = {
    unreadNotices: database.bool(next.unreadNotices),
    songStatusNotices: database.bool(next.songStatusNotices),
    earningsEmails: database.bool(next.earningsEmails),
    updatedAt: Date.now(),
  };
  await database.db
    .insertInto("mail_preference")
    .values({ userId, ...values })
    .onConflict((oc) => oc.column("userId").doUpdateSet(values))
    .execute();
  return next;
}

export async function setUnreadNotices(
  database: DatabaseHandle,
  userId: string,
  on: boolean,
): Promise<void> {
  await saveMailPreferences(database, userId, { unreadNotices: on });
}

/** Whether the account still exists (an unsubscribe link outlives a deleted account). */
export async function userExists(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst();
  return row !== undefined;
}
