import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** better-auth keeps a reset token as a verification row until it is used or expires. */
export async function isResetTokenUsable(db: Kysely<Database>, token: string): Promise<boolean> {
  const row = await db
    .selectFrom("verification")
    .select("expiresAt")
    .where("identifier", "=", `reset-password:${token}`)
    .executeTakeFirst();
  return row !== undefined && new Date(row.expiresAt).getTime() > Date.now();
}
