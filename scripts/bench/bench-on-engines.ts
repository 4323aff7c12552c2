/**
 * The database benchmarks' run: a fresh SQLite file, then a fresh PostgreSQL
 * schema where BENCH_POSTGRES_URL (the local test database by default)
 * answers, each migrated, measured and removed. A PostgreSQL that does not
 * answer is said in a line, not fatal.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import {
  dropPostgresSchema,
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
} from "../../src/server/db/database";

export async function onSqliteThenPostgres(
  name: string,
  measure: (engine: "sqlite" | "postgres", database: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const sqlite = await openDatabase({
    engine: "sqlite",
    file: path.join(dataDir, "portal.sqlite"),
  });
  try {
    await migrateToLatest(sqlite);
    await measure("sqlite", sqlite);
  } finally {
    await sqlite.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const pgUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const probe = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await probe.connect();
    await probe.end();
    const schema = `bench_${name}_${randomUUID().replaceAll("-", "").slice(0, 10)}`;
    const postgres = await openDatabase({ engine: "postgres", url: pgUrl, schema });
    try {
      await migrateToLatest(postgres);
      await measure("postgres", postgres);
    } finally {
      await postgres.close();
      await dropPostgresSchema(pgUrl, schema);
    }
  } catch (err) {
    console.log(`PostgreSQL run not done: ${(err as Error).message}`);
  }
}
