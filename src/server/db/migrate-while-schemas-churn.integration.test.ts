/**
 * Kysely's migrator lists the tables of every schema; on a PostgreSQL shared
 * with other apps (or test schemas dropped in parallel), a schema dropped
 * during that listing must not fail the migration.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../test/test-app";
import { dropPostgresSchema, migrateToLatest, openDatabase } from "./database";

const freshSchema = (prefix: string) => `${prefix}${randomUUID().replaceAll("-", "")}`;

describe.skipIf(!testDatabaseUrl)("migrations on a PostgreSQL whose schemas come and go", () => {
  it("apply every time while other schemas are created and dropped", async () => {
    const url = testDatabaseUrl!;
    const churning = { stop: false };
    const churn = (async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        while (!churning.stop) {
          const other = freshSchema("t_churn_");
          await client.query(
            `create schema ${other}; create table ${other}.a (id serial primary key, b text)`,
          );
          await client.query(`drop schema ${other} cascade`);
        }
      } finally {
        await client.end();
      }
    })();
    const failures: string[] = [];
    try {
      // Five fresh migrations, each listing every schema while others churn: on a
      // loaded CI host one takes seconds, so ten outran the minute.
      for (let i = 0; i < 5; i += 1) {
        const schema = freshSchema("t_mig_");
        const handle = await openDatabase({ engine: "postgres", url, schema });
        try {
          await migrateToLatest(handle);
        } catch (error) {
          failures.push(String(error));
        } finally {
          await handle.close();
          await dropPostgresSchema(url, schema);
        }
      }
    } finally {
      churning.stop = true;
      await churn;
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
