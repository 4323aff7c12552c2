import { pipeline } from "node:stream/promises";
import pg from "pg";
import { Kysely, PostgresDialect } from "kysely";
import type { DatabaseHandle, PostgresOptions } from "./database-handle";
import { OneSchemaPostgresDialect } from "./one-schema-introspector";
import { createPostgresPool } from "./postgres-pool";
import { PostgresNotices } from "./postgres-notices";
import type { Database } from "./schema";

/*
 * The PostgreSQL engine. database.ts imports this module only when the
 * configuration names PostgreSQL, so the embedded default (SQLite) never
 * loads `pg` (start-up, issue 24).
 */

// int8 columns (our epoch-millisecond times, sizes, counts) fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Runs one statement on a connection of its own (schema creation and removal). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  // A query's own rejection reports a dropped connection; the event must not end the process.
  admin.on("error", () => {});
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function openPostgres(options: PostgresOptions): Promise<DatabaseHandle> {
  const { schema } = options;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema ${schema}`);
  if (schema) await adminQuery(options.url, `create schema if not exists ${schema}`);
  const pool = createPostgresPool({
    url: options.url,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // The handle's hook, looked up at each error: its owner may replace it.
    onConnectionError: (err) => handle.onConnectionError(err),
  });
  const handle: DatabaseHandle = {
    db: new Kysely<Database>({
      dialect: schema
        ? new OneSchemaPostgresDialect({ pool }, schema)
        : new PostgresDialect({ pool }),
    }),
    dialect: "postgres",
    bool: (v) => v,
    ...(schema ? { schema } : {}),
    copyFrom: async (statement, data) => {
      // Loaded with the first bulk load only, as pg itself is for PostgreSQL only.
      const { from } = await import("pg-copy-streams");
      const client = await pool.connect();
      try {
        await pipeline(data, client.query(from(statement)));
      } finally {
        client.release();
      }
    },
    listen: (channel, log) =>
      new PostgresNotices({
        url: options.url,
        channel,
        // Channels span the database: a test schema hears only its own triggers.
        ...(schema ? { payload: schema } : {}),
        applicationName: schema ? `portal-notices-${schema}` : "portal-notices",
        log,
      }),
    onConnectionError: (err) => {
      process.stderr.write(`postgres connection error (the pool reconnects): ${err.message}\n`);
    },
    close: () => handle.db.destroy(),
  };
  return handle;
}

/** Drops a test schema and everything in it. */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  await adminQuery(url, `drop schema if exists ${schema} cascade`);
}
