import SQLite from "better-sqlite3";
import { LRUCache } from "lru-cache";
import {
  Kysely,
  Migrator,
  SqliteDialect,
  sql,
  type MigrationProvider,
  type MigrationResultSet,
  type SqliteDatabase,
} from "kysely";
import { createPrivateFile } from "../storage/private-files";
import type { DatabaseHandle, DatabaseOptions, SqliteSynchronous } from "./database-handle";
import { allMigrations } from "./migrations/index";
import type { Database } from "./schema";
import { byCodeUnit } from "../../shared/code-unit-order";

export type { DatabaseHandle, DatabaseOptions, SqliteSynchronous } from "./database-handle";

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running a small
 * indexed query. Statements are reused by SQL text (parameters stay bound
 * per call), the least recently used dropped past the cap. SQLite re-prepares a cached
 * statement by itself if the schema changed.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new LRUCache<string, SQLite.Statement>({ max: STATEMENT_CACHE_SIZE });
  return {
    close: () => sqlite.close(),
    prepare(sqlText) {
      let statement = cache.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        cache.set(sqlText, statement);
      }
      return statement;
    },
  };
}

function openSqlite(file: string, synchronous: SqliteSynchronous = "FULL"): DatabaseHandle {
  if (file !== ":memory:") createPrivateFile(file);
  const sqlite = new SQLite(file);
  // WAL lets readers proceed while one writer commits. FULL syncs the WAL on
  // every commit, so an acknowledged message survives power loss; NORMAL
  // (opt-in, faster) may lose the last commits then. Decision 014.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma(`synchronous = ${synchronous}`);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    db,
    dialect: "sqlite",
    bool: (v) => (v ? 1 : 0),
    sqlite,
    ...(file !== ":memory:" ? { file } : {}),
    onConnectionError: () => {},
    close: () => db.destroy(),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.engine === "sqlite"
    ? openSqlite(options.file, options.synchronous)
    : (await import("./postgres-database")).openPostgres(options);
}

/** Drops a test schema and everything in it. */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  await (await import("./postgres-database")).dropPostgresSchema(url, schema);
}

const MIGRATION_ATTEMPTS = 8;

/**
 * A schema or table listed by the migrator vanished mid-listing: PostgreSQL's
 * invalid_schema_name, or undefined_table naming another schema's relation.
 */
function otherSchemaGone(error: unknown, schema: string | undefined): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === "3F000") return true;
  if (code !== "42P01" || typeof message !== "string") return false;
  const relation = /relation "([^"]+)\.[^".]+" does not exist/.exec(message);
  return relation !== null && relation[1] !== schema;
}

/**
 * Kysely's migrator over every migration of the handle's dialect: the one
 * the start runs and the migration tests move step by step.
 */
export function newMigrator(handle: DatabaseHandle): Migrator {
  const provider: MigrationProvider = {
    getMigrations: () => Promise.resolve(allMigrations(handle.dialect)),
  };
  return new Migrator({
    db: handle.db,
    provider,
    // Kysely's default, localeCompare, loads ICU's collation (1.6 MB) at every start.
    nameComparator: byCodeUnit,
    // Kysely looks for its bookkeeping tables in every schema unless told which.
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const migrator = newMigrator(handle);
  const { error, results } = handle.sqlite
    ? await inOneSqliteTransaction(handle.sqlite, () => migrator.migrateToLatest())
    : await retryingGoneSchemas(() => migrator.migrateToLatest(), handle.schema);
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
}

/**
 * Kysely's migrator lists the tables of every schema in the database (a
 * handle with a schema of its own lists only that one: one-schema-introspector);
 * one dropped meanwhile (by another app or test sharing the server) fails that
 * listing with "schema ... does not exist" (or its table with "relation ...
 * does not exist"). Nothing was applied: try again. Any move of the
 * migrator (to the latest, or down to a given migration in a test) lists
 * them first.
 */
export async function retryingGoneSchemas(
  move: () => Promise<MigrationResultSet>,
  schema: string | undefined,
): Promise<MigrationResultSet> {
  let outcome = await move();
  for (
    let attempt = 1;
    attempt < MIGRATION_ATTEMPTS && otherSchemaGone(outcome.error, schema);
    attempt++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
    outcome = await move();
  }
  return outcome;
}

/**
 * On SQLite Kysely runs each migration statement on its own (it does not
 * count on SQLite's transactional DDL), so each was a commit of its own, and
 * with SQLITE_SYNCHRONOUS=FULL an fsync of its own: about a hundred on a new
 * database (start-up, issue 24). Here every pending migration runs in one
 * transaction on the raw connection, before anything else uses it: one
 * commit, and a migration that fails or is cut short leaves nothing behind.
 */
async function inOneSqliteTransaction(
  sqlite: SQLite.Database,
  migrate: () => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  sqlite.exec("begin immediate");
  try {
    const outcome = await migrate();
    sqlite.exec(outcome.error ? "rollback" : "commit");
    return outcome;
  } finally {
    if (sqlite.inTransaction) sqlite.exec("rollback");
  }
}

/** Round trip used by the health check. */
export async function pingDatabase(handle: DatabaseHandle): Promise<void> {
  await sql`select 1`.execute(handle.db);
}
