import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** The names a notice greets a user by, if the user exists. */
export function greetingNamesOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("user")
    .select(["artistName", "username"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** The artist a song status notice goes to: address and names. */
export function noticeArtist(db: Kysely<Database>, artistId: string) {
  return db
    .selectFrom("user")
    .select(["id", "email", "artistName", "username"])
    .where("id", "=", artistId)
    .executeTakeFirst();
}

/** A song's status history line: its reason, its note, and when it was emailed. */
export function statusChangeOf(db: Kysely<Database>, historyId: string) {
  return db
    .selectFrom("song_status_event")
    .select(["reasonCode", "note", "emailedAt"])
    .where("id", "=", historyId)
    .executeTakeFirst();
}

/** Records that a status history line was mailed now. */
export async function markStatusChangeEmailed(
  db: Kysely<Database>,
  historyId: string,
): Promise<void> {
  await db
    .updateTable("song_status_event")
    .set({ emailedAt: Date.now() })
    .where("id", "=", historyId)
    .execute();
}
