import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** better-auth keeps each reset link as a verification row `reset-password:<token>` valued with the user id. */
const RESET_PREFIX = "reset-password:";

/**
 * Replaces a credential password hash by `upgraded`, keyed on the old value:
 * of two replacements at once, only the first one matches.
 */
export async function replacePasswordHash(
  db: Kysely<Database>,
  hash: string,
  upgraded: string,
): Promise<void> {
  await db
    .updateTable("account")
    .set({ password: upgraded, updatedAt: new Date().toISOString() })
    .where("providerId", "=", "credential")
    .where("password", "=", hash)
    .execute();
}

/** Deletes the account's reset-link rows, all but `keepToken`'s. */
export async function deleteResetLinks(
  db: Kysely<Database>,
  userId: string,
  keepToken?: string,
): Promise<void> {
  let query = db
    .deleteFrom("verification")
    .where("value", "=", userId)
    .where("identifier", "like", `${RESET_PREFIX}%`);
  if (keepToken) query = query.where("identifier", "!=", `${RESET_PREFIX}${keepToken}`);
  await query.execute();
}
