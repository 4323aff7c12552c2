import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { MigrationDialect } from "../db/dialect-types";
import { databaseNowMs } from "../db/database-clock";

type Db = Kysely<Database>;

/**
 * The bookkeeping of the fan-out marks of decision 094 (tables
 * fan_out_pending and fan_out_instance): clearing what Redis confirmed,
 * this instance's heartbeat, and claiming stale marks for a sweep. A mark
 * itself is written with its message (conversations' fan-out-marks.ts).
 */

/** Ids in one statement: far below either engine's parameter limit. */
const CHUNK = 500;

/** Clears marks whose delivery Redis confirmed. */
export async function clearFanOutMarks(db: Db, messageIds: readonly string[]): Promise<void> {
  for (let i = 0; i < messageIds.length; i += CHUNK) {
    await db
      .deleteFrom("fan_out_pending")
      .where("messageId", "in", messageIds.slice(i, i + CHUNK))
      .execute();
  }
}

/** How old marks must be before a sweep takes them (ms, by the database's clock). */
export interface StaleAfter {
  /** A mark of an instance that is dead or cannot reach Redis. */
  orphanMs: number;
  /** An instance whose heartbeat is this old is dead. */
  silentMs: number;
  /** Any mark, even of a live and linked instance (a publish that never came back). */
  anyMs: number;
}

/** Records this instance as alive now, with its link to Redis up or down. */
export async function beatHeart(
  db: Db,
  dialect: MigrationDialect,
  instanceId: string,
  linkUp: boolean,
): Promise<void> {
  const now = databaseNowMs(dialect);
  const link = linkUp ? 1 : 0;
  await db
    .insertInto("fan_out_instance")
    .values({ id: instanceId, seenAt: now, linkUp: link })
    .onConflict((oc) => oc.column("id").doUpdateSet({ seenAt: now, linkUp: link }))
    .execute();
}

/**
 * Claims up to `limit` marks a sweep should deliver again: those of an
 * instance that is dead (silent), unlinked or unknown, once `orphanMs` old,
 * and any mark once `anyMs` old. A live, linked instance that is only slow
 * clears its own. Their time is set to now, so no other sweep takes them for
 * a while (a sweeper that dies mid-way leaves them to the next). On
 * PostgreSQL, rows another sweep is claiming right now are skipped, never
 * waited for.
 */
export async function claimStaleMarks(
  db: Db,
  dialect: MigrationDialect,
  after: StaleAfter,
  limit: number,
): Promise<string[]> {
  const now = databaseNowMs(dialect);
  const rows = await db
    .updateTable("fan_out_pending")
    .set({ markedAt: now })
    .where("messageId", "in", (eb) => {
      const stale = eb
        .selectFrom("fan_out_pending as p")
        .select("p.messageId")
        .where((w) =>
          w.or([
            w("p.markedAt", "<", w(now, "-", after.anyMs)),
            w.and([
              w("p.markedAt", "<", w(now, "-", after.orphanMs)),
              w.not(
                w.exists(
                  w
                    .selectFrom("fan_out_instance as i")
                    .select("i.id")
                    .whereRef("i.id", "=", "p.instanceId")
                    .where("i.linkUp", "=", 1)
                    .where("i.seenAt", ">=", w(now, "-", after.silentMs)),
                ),
              ),
            ]),
          ]),
        )
        .orderBy("p.markedAt")
        .limit(limit);
      return dialect === "postgres" ? stale.forUpdate().skipLocked() : stale;
    })
    .returning("messageId")
    .execute();
  return rows.map((row) => row.messageId);
}
