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

/** The user's admin flag, or undefined for an unknown id. */
export async function adminFlagOf(
  database: DatabaseHandle,
  userId: string,
): Promise<boolean | undefined> {
  const row = await database.db
    .selectFrom("user")
    .select("admin")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row && Boolean(row.admin);
}

/**
 * What an artist's account holds that only an artist can use: the names of
 * the kinds found (none for an account that only signed up).
 */
export async function artistHoldingsOf(database: DatabaseHandle, userId: string) {
  const { db } = database;
  const found = await Promise.all([
    db.selectFrom("release").select("id").where("artistId", "=", userId).limit(1).execute(),
    db.selectFrom("song_request").select("id").where("artistId", "=", userId).limit(1).execute(),
    db.selectFrom("room").select("id").where("artistId", "=", userId).limit(1).execute(),
    db
      .selectFrom("ledger_account")
      .select("id")
      .where("ownerId", "=", userId)
      .where("balance", "!=", 0)
      .limit(1)
      .execute(),
    db.selectFrom("withdrawal").select("id").where("artistId", "=", userId).limit(1).execute(),
    // A collaborator's accepted (or still open) shares: their money would reach an agent.
    db
      .selectFrom("split_share")
      .select("id")
      .where((eb) =>
        eb.or([
          eb.and([eb("collaboratorId", "=", userId), eb("state", "=", "accepted")]),
          eb.and([
            eb("state", "=", "invited"),
            eb("email", "=", eb.selectFrom("user").select("email").where("id", "=", userId)),
          ]),
        ]),
      )
      .limit(1)
      .execute(),
  ]);
  const names = ["releases", "songs", "conversations", "a balance", "withdrawals", "split shares"];
  return names.filter((_, i) => found[i]!.length > 0);
}
