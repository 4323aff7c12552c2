/**
 * The migrator lists tables through the dialect's introspector: with a schema
 * of its own, it must read that schema only, so that tables created and
 * dropped in other schemas meanwhile cannot fail its listing.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../test/test-app";
import type { DatabaseHandle } from "./database-handle";
import { dropPostgresSchema, migrateToLatest, openDatabase } from "./database";
import { adminQuery } from "./postgres-database";

const fresh = (prefix: string) => `${prefix}${randomUUID().replaceAll("-", "")}`;

describe.skipIf(!testDatabaseUrl)("introspection of a database with a schema of its own", () => {
  const url = testDatabaseUrl!;
  const mine = fresh("t_own_");
  const other = fresh("t_other_");
  let handle: DatabaseHandle;

  beforeAll(async () => {
    await adminQuery(
      url,
      `create schema ${other}; create table ${other}.elsewhere (id serial primary key)`,
    );
    handle = await openDatabase({ engine: "postgres", url, schema: mine });
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle.close();
    await dropPostgresSchema(url, mine);
    await dropPostgresSchema(url, other);
  });

  it("lists the tables of its schema, with their columns, and none of another", async () => {
    const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
    const names = tables.map((table) => table.name);
    expect(names).not.toContain("elsewhere");
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([mine]));
    expect(names).toEqual(
      expect.arrayContaining(["kysely_migration", "ledger_entry", "withdrawal"]),
    );
    const withdrawal = tables.find((table) => table.name === "withdrawal")!;
    expect(withdrawal.columns.map((column) => column.name)).toContain("tdsRateBasisPoints");
  });

  it("leaves out the migrator's own tables unless asked", async () => {
    const names = (await handle.db.introspection.getTables()).map((table) => table.name);
    expect(names).not.toContain("kysely_migration");
    expect(names).not.toContain("kysely_migration_lock");
    expect(names).toContain("ledger_entry");
  });

  it("knows its own schema and no other", async () => {
    const schemas = (await handle.db.introspection.getSchemas()).map((schema) => schema.name);
    expect(schemas).toEqual([mine]);
  });
});
