import { sql, type Kysely, type Transaction } from "kysely";
import type { MigrationDialect } from "./dialect-types";

/** SQLite's `synchronous` levels: NORMAL (1) does not sync the WAL at commit. */
const SQLITE_NORMAL = 1;
/** The level each SQLite database was opened with, read once. */
const openedLevel = new WeakMap<object, number>();

/**
 * A transaction whose commit does not wait for the disk (decision 132): for
 * counters whose last moments may be lost in a power cut or a crash of the
 * machine, such as a song's views, never for what a person entered or for
 * money. The database stays consistent either way, and the portal's process
 * dying loses nothing; a crash of the machine (or of PostgreSQL's server)
 * may lose the last moments of such commits:
 *
 * - SQLite (WAL): this commit runs at `synchronous = NORMAL`, then the
 *   connection returns to the level it was opened with. The commit is in
 *   the WAL, synced by the next full commit or checkpoint. A full commit
 *   was an fsync, 160–180 µs of which 70–80 µs CPU on this host, against
 *   15 µs.
 * - PostgreSQL: `synchronous_commit = off` for this transaction only; the
 *   WAL writer syncs it within three times `wal_writer_delay` (600 ms by
 *   default).
 */
export async function relaxedCommitTransaction<DB, T>(
  db: Kysely<DB>,
  dialect: MigrationDialect,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  if (dialect === "postgres") {
    return db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return work(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    const level = await sqliteLevel(db, connection);
    if (level <= SQLITE_NORMAL) return connection.transaction().execute(work);
    await sql.raw(`pragma synchronous = ${SQLITE_NORMAL}`).execute(connection);
    try {
      return await connection.transaction().execute(work);
    } finally {
      await sql.raw(`pragma synchronous = ${level}`).execute(connection);
    }
  });
}

async function sqliteLevel<DB>(db: Kysely<DB>, connection: Kysely<DB>): Promise<number> {
  const known = openedLevel.get(db);
  if (known !== undefined) return known;
  const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(connection);
  const level = rows[0]!.synchronous;
  openedLevel.set(db, level);
  return level;
}
