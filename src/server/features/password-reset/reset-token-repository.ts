import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** When the reset token's verification row expires, or undefined when there is none. */
export async function resetTokenExpiry(
  db: Kysely<Database>,
  token: string,
): Promise<Date | string | undefined> {
  const row = await db
    .selectFrom("verification")
    .select("expiresAt")
    .where("identifier", "=", `reset-password:${token}`)
    .executeTakeFirst();
  return row?.expiresAt;
}
