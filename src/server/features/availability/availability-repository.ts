import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** The stored "Away" settings of these agents (an agent who never set one has no row). */
export function availabilityRows(db: Kysely<Database>, agentIds: readonly string[]) {
  return db
    .selectFrom("agent_availability")
    .select(["userId", "away", "awayUntil"])
    .where("userId", "in", agentIds)
    .execute();
}

/** One agent's stored "Away" setting, if any. */
export function availabilityRow(db: Kysely<Database>, agentId: string) {
  return db
    .selectFrom("agent_availability")
    .select(["away", "awayUntil"])
    .where("userId", "=", agentId)
    .executeTakeFirst();
}

/** Writes one agent's "Away" setting (`away` is 1 or 0: an integer column on both engines). */
export async function saveAvailability(
  db: Kysely<Database>,
  agentId: string,
  values: { away: number; awayUntil: string | null; updatedAt: number },
): Promise<void> {
  await db
    .insertInto("agent_availability")
    .values({ userId: agentId, ...values })
    .onConflict((oc) => oc.column("userId").doUpdateSet(values))
    .execute();
}
