import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** better-auth keeps each reset link as a verification row `reset-password:<token>` valued with the user id. */
const RESET_PREFIX = "reset-password:";

/**
 * Ends the account's reset links, all but `keepToken` (the one just issued).
 * Called when a newer link is issued, and after any password or email change:
 * a link is only ever good for the account as it was when the link was sent.
 */
export async function revokeResetLinks(
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
