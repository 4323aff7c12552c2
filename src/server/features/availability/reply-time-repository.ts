import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";

/**
 * First-reply times of one agent: for every artist message in the agent's
 * rooms that opened a wait (the first message of the window, or one after
 * the agent had spoken), the time until the agent's next message there.
 * System lines neither open nor answer a wait. Unanswered waits are not samples.
 */
export async function firstReplySamples(
  db: Kysely<Database>,
  agentId: string,
  since: number,
): Promise<number[]> {
  const { rows } = await sql<{ asked: number | string; answered: number | string | null }>`
    with m as (
      select "roomId", seq, "senderId", "createdAt",
        lag("senderId") over (partition by "roomId" order by seq) as prev
      from message
      where "roomId" in (select "roomId" from room_member where "userId" = ${agentId})
        and "createdAt" >= ${since}
        and kind <> 'system'
    )
    select o."createdAt" as asked,
      (select min(r."createdAt") from message r
        where r."roomId" = o."roomId" and r.seq > o.seq
          and r."senderId" = ${agentId} and r.kind <> 'system') as answered
    from m o
    where o."senderId" <> ${agentId} and (o.prev is null or o.prev = ${agentId})
  `.execute(db);
  return rows.flatMap((r) =>
    r.answered === null ? [] : [Math.max(0, Number(r.answered) - Number(r.asked))],
  );
}
