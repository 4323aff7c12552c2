import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** Staff roles beyond the agent's `admin` flag (migration 0026). */
export type StaffRole = "finance";

/** Whether the user holds this role. */
export async function hasRole(db: Kysely<Database>, userId: string, role: StaffRole) {
  const row = await db
    .selectFrom("user_role")
    .select("role")
    .where("userId", "=", userId)
    .where("role", "=", role)
    .executeTakeFirst();
  return row !== undefined;
}

/** Grants the role; granting it again changes nothing. */
export async function grantRole(
  db: Kysely<Database>,
  userId: string,
  role: StaffRole,
  now: number,
): Promise<void> {
  await db
    .insertInto("user_role")
    .values({ userId, role, grantedAt: now })
    .onConflict((oc) => oc.columns(["userId", "role"]).doNothing())
    .execute();
}
