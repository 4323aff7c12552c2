import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledQueryCache, type SlotFn } from "./compiled-query-cache";

interface Db {
  item: { id: string; owner: string; rank: number };
}
let db: Kysely<Db>;
beforeAll(async () => {
  db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
  await db.schema
    .createTable("item")
    .addColumn("id", "text")
    .addColumn("owner", "text")
    .addColumn("rank", "integer")
    .execute();
  await db
    .insertInto("item")
    .values([
      { id: "a1", owner: "ann", rank: 1 },
      { id: "a2", owner: "ann", rank: 2 },
      { id: "a3", owner: "ann", rank: 3 },
      { id: "b1", owner: "bob", rank: 1 },
    ])
    .execute();
});
afterAll(() => db.destroy());

describe("compiledQueryCache", () => {
  it("compiles a shape once and answers each call with its own values", async () => {
    const run = compiledQueryCache<Db>();
    let builds = 0;
    const byOwner = (owner: string, below: number) =>
      run(
        db,
        "by-owner:2",
        (slot) => {
          builds += 1;
          return db
            .selectFrom("item")
            .select(["id"])
            .where("owner", "=", slot("owner"))
            .where("rank", "<", slot("below"))
            .orderBy("rank", "desc")
            .limit(2);
        },
        { owner, below },
      );
    expect(await byOwner("ann", 10)).toEqual([{ id: "a3" }, { id: "a2" }]);
    expect(await byOwner("ann", 3)).toEqual([{ id: "a2" }, { id: "a1" }]);
    expect(await byOwner("bob", 10)).toEqual([{ id: "b1" }]);
    expect(await byOwner("nobody", 10)).toEqual([]);
    expect(builds).toBe(1);
  });

  it("serves the handle's transactions with the shape it compiled, on their connection", async () => {
    const run = compiledQueryCache<Db>();
    let builds = 0;
    const rename = (on: Kysely<Db>, id: string, owner: string) =>
      run.affected(
        on,
        "rename",
        (slot) => {
          builds += 1;
          return on
            .updateTable("item")
            .set({ owner: slot("owner") })
            .where("id", "=", slot("id"));
        },
        { id, owner },
      );
    expect(await rename(db, "b1", "bea")).toBe(1);
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await rename(trx, "b1", "ben")).toBe(1);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await rename(db, "nobody", "x")).toBe(0);
    expect(builds).toBe(1);
    const owner = await db
      .selectFrom("item")
      .select("owner")
      .where("id", "=", "b1")
      .executeTakeFirst();
    expect(owner?.owner).toBe("bea");
    await rename(db, "b1", "bob");
  });

  it("refuses to run without a value for a slot", async () => {
    const run = compiledQueryCache<Db>();
    const build = (slot: SlotFn) => db.selectFrom("item").selectAll().where("id", "=", slot("id"));
    await expect(run(db, "by-id", build, {})).rejects.toThrow(/no value for id/);
  });
});
