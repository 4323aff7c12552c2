import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from "kysely";
import type { MigrationDialect } from "./dialect-types";
import { allMigrations } from "./migrations/index";
import type { Database } from "./schema";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: MigrationDialect;
  /** A boolean as this engine binds it (SQLite has no boolean type: 0/1). */
  bool: (value: boolean) => boolean | number;
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  /** SQLite file path, or ":memory:". */
  sqliteFile: string;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.sqliteFile !== ":memory:") {
    fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  }
  const sqlite = new SQLite(options.sqliteFile);
  // WAL lets readers proceed while one writer commits; NORMAL sync is safe with WAL.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: "sqlite", bool: (v) => (v ? 1 : 0), close: () => db.destroy() };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: () => Promise.resolve(allMigrations(handle.dialect)),
  };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
}
