import SQLite from "better-sqlite3";
import { LRUCache } from "lru-cache";
import pg from "pg";
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type MigrationProvider,
  type SqliteDatabase,
} from "kysely";
import { createPrivateFile } from "../storage/private-files";
import type { MigrationDialect } from "./dialect-types";
import { createPostgresPool } from "./postgres-pool";
import { allMigrations } from "./migrations/index";
import type { Database } from "./schema";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: MigrationDialect;
  /** A boolean as this engine binds it (SQLite has no boolean type: 0/1). */
  bool: (value: boolean) => boolean | number;
  /** PostgreSQL schema the tables live in, when not the default. */
  schema?: string;
  /**
   * The SQLite connection under Kysely, for the few hot statements that run
   * prepared (the chat writer). Use it only while holding Kysely's
   * connection (`db.connection()`), so no Kysely transaction is open on it.
   */
  sqlite?: SQLite.Database;
  /** The SQLite file (absent for PostgreSQL and ":memory:"); health checks its disk. */
  file?: string;
  /**
   * Called when a pooled PostgreSQL connection breaks (the pool reconnects by
   * itself). Writes to stderr until the app replaces it with its logger.
   */
  onConnectionError: (err: Error) => void;
  close: () => Promise<void>;
}

export type SqliteSynchronous = "FULL" | "NORMAL";

export type DatabaseOptions =
  | {
      engine: "sqlite";
      /** File path, or ":memory:". */
      file: string;
      /** FULL (default) survives power loss; NORMAL may lose the last commits. */
      synchronous?: SqliteSynchronous;
    }
  | {
      engine: "postgres";
      url: string;
      /** Schema to work in (tests use a fresh one per run); created when missing. */
      schema?: string;
      poolSize?: number;
    };

// int8 columns (our epoch-millisecond times, sizes, counts) fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

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

async function openPostgres(
  options: Extract<DatabaseOptions, { engine: "postgres" }>,
): Promise<DatabaseHandle> {
  const { schema } = options;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: options.url });
    // A query's own rejection reports a dropped connection; the event must not end the process.
    admin.on("error", () => {});
    await admin.connect();
    try {
      await admin.query(`create schema if not exists ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = createPostgresPool({
    url: options.url,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // The handle's hook, looked up at each error: its owner may replace it.
    onConnectionError: (err) => handle.onConnectionError(err),
  });
  const handle: DatabaseHandle = {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    dialect: "postgres",
    bool: (v) => v,
    ...(schema ? { schema } : {}),
    onConnectionError: (err) => {
      process.stderr.write(`postgres connection error (the pool reconnects): ${err.message}\n`);
    },
    close: () => handle.db.destroy(),
  };
  return handle;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.engine === "sqlite"
    ? openSqlite(options.file, options.synchronous)
    : openPostgres(options);
}

/** Drops a test schema and everything in it. */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  admin.on("error", () => {});
  await admin.connect();
  try {
    await admin.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await admin.end();
  }
}

const MIGRATION_ATTEMPTS = 8;

/** PostgreSQL's invalid_schema_name, raised when a listed schema vanished mid-query. */
function otherSchemaGone(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === "3F000";
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: () => Promise.resolve(allMigrations(handle.dialect)),
  };
  // Kysely looks for its bookkeeping tables in every schema unless told which.
  const migrator = new Migrator({
    db: handle.db,
    provider,
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely's migrator lists the tables of every schema in the database; one
  // dropped meanwhile (by another app or test sharing the server) fails that
  // listing with "schema ... does not exist". Nothing was applied: try again.
  for (let attempt = 1; attempt < MIGRATION_ATTEMPTS && otherSchemaGone(error); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
    ({ error, results } = await migrator.migrateToLatest());
  }
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
}

/** Round trip used by the health check. */
export async function pingDatabase(handle: DatabaseHandle): Promise<void> {
  await sql`select 1`.execute(handle.db);
}
