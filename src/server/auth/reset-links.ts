import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { deleteResetLinks } from "./credential-repository";

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
  await deleteResetLinks(db, userId, keepToken);
}
