import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
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
import type { MigrationDialect } from "./dialect-types";
import { allMigrations } from "./migrations/index";
import type { Database } from "./schema";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: MigrationDialect;
  /** A boolean as this engine binds it (SQLite has no boolean type: 0/1). */
  bool: (value: boolean) => boolean | number;
  /** PostgreSQL schema the tables live in, when not the default. */
  schema?: string;
  close: () => Promise<void>;
}

export type DatabaseOptions =
  | { engine: "sqlite"; /** File path, or ":memory:". */ file: string }
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
 * per call), the oldest dropped past the cap. SQLite re-prepares a cached
 * statement by itself if the schema changed.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText) {
      let statement = cache.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sqlText, statement);
      }
      return statement;
    },
  };
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers proceed while one writer commits; NORMAL sync is safe with WAL.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: "sqlite", bool: (v) => (v ? 1 : 0), close: () => db.destroy() };
}

async function openPostgres(
  options: Extract<DatabaseOptions, { engine: "postgres" }>,
): Promise<DatabaseHandle> {
  const { schema } = options;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: options.url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    bool: (v) => v,
    ...(schema ? { schema } : {}),
    close: () => db.destroy(),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.engine === "sqlite" ? openSqlite(options.file) : openPostgres(options);
}

/** Drops a test schema and everything in it. */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await admin.end();
  }
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
  const { error, results } = await migrator.migrateToLatest();
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
