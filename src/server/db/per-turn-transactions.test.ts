import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { perTurnTransactions } from "./per-turn-transactions";

interface Db {
  item: { id: string; rank: number };
}
let db: Kysely<Db>;
beforeAll(async () => {
  db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
  await db.schema
    .createTable("item")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("rank", "integer")
    .execute();
});
afterAll(() => db.destroy());

const ids = async () =>
  (await db.selectFrom("item").select("id").orderBy("id").execute()).map((r) => r.id);

describe("perTurnTransactions", () => {
  it("writes the items asked for in one turn together, in one transaction", async () => {
    const calls: string[][] = [];
    const write = perTurnTransactions(db, async (trx, items: string[]) => {
      calls.push(items);
      await trx
        .insertInto("item")
        .values(items.map((id, rank) => ({ id, rank })))
        .execute();
      return items.map((id) => `${id} written`);
    });
    expect(await Promise.all(["a1", "a2", "a3"].map(write))).toEqual([
      "a1 written",
      "a2 written",
      "a3 written",
    ]);
    expect(calls).toEqual([["a1", "a2", "a3"]]);
    expect(await ids()).toEqual(["a1", "a2", "a3"]);
  });

  it("undoes a batch that fails and writes each item alone: only the bad one fails", async () => {
    const calls: string[][] = [];
    const write = perTurnTransactions(db, async (trx, items: string[]) => {
      calls.push(items);
      for (const id of items) await trx.insertInto("item").values({ id, rank: 0 }).execute();
      return items.map(() => true);
    });
    // "a1" exists: its insert fails, inside the batch and again alone.
    const results = await Promise.allSettled(["b1", "a1", "b2"].map(write));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(calls).toEqual([["b1", "a1", "b2"], ["b1"], ["a1"], ["b2"]]);
    expect(await ids()).toEqual(["a1", "a2", "a3", "b1", "b2"]);
  });
});
