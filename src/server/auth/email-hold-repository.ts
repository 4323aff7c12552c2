import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/*
 * An address an account changed away from stays held for that account
 * while the change can be undone: nobody else may sign up with it or
 * change to it, so the undo link mailed there can always give it back
 * (otherwise whoever changed the email could register the old address at
 * once, and the owner's undo would find it taken). Kept as better-auth's
 * verification rows, beside the undo links.
 */

type Db = Kysely<Database>;

/** The row's identifier: a hash of the address, so the table lists no addresses. */
const holdIdentifier = (email: string) =>
  `email-hold:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;

/** Holds `email` for `userId` until `until`; answers the hold's id. */
export async function holdEmail(
  db: Db,
  hold: { email: string; userId: string; until: Date; now: Date },
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("verification")
    .values({
      id,
      identifier: holdIdentifier(hold.email),
      value: hold.userId,
      expiresAt: hold.until.toISOString(),
      createdAt: hold.now.toISOString(),
      updatedAt: hold.now.toISOString(),
    })
    .execute();
  return id;
}

/** Drops one hold (the change it was made for did not happen). */
export async function dropHold(db: Db, id: string): Promise<void> {
  await db.deleteFrom("verification").where("id", "=", id).execute();
}

/** Whether `email` is held for an account other than `exceptUserId` (for anyone when not given). */
export async function isEmailHeld(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db
    .selectFrom("verification")
    .select(["value", "expiresAt"])
    .where("identifier", "=", holdIdentifier(email))
    .execute();
  const now = Date.now();
  return rows.some((row) => new Date(row.expiresAt).getTime() > now && row.value !== exceptUserId);
}

/** Ends every hold of `email` (its owner has it back). */
export async function releaseEmail(db: Db, email: string): Promise<void> {
  await db.deleteFrom("verification").where("identifier", "=", holdIdentifier(email)).execute();
}

/** Ends the holds of a deleted account: its old addresses are free again. */
export async function releaseHoldsOf(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom("verification")
    .where("identifier", "like", "email-hold:%")
    .where("value", "=", userId)
    .execute();
}
