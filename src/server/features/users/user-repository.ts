import type { DatabaseHandle } from "../../db/database";

/** The id of the user with this (already lower-case) email, if any. */
export async function userIdByEmail(
  database: DatabaseHandle,
  email: string,
): Promise<string | undefined> {
  const row = await database.db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  return row?.id;
}

/** Writes the user's admin flag. */
export async function updateAdmin(
  database: DatabaseHandle,
  userId: string,
  admin: boolean,
): Promise<void> {
  await database.db
    .updateTable("user")
    .set({ admin: database.bool(admin), updatedAt: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
}
