import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFinanceAgent, uploadStatement } from "../../test/statement-fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

/*
 * What ledger entries and statement groups name must exist and stay, on
 * SQLite (foreign keys) and, with TEST_DATABASE_URL, PostgreSQL (a check per
 * INSERT statement and rows that are never deleted: decision 126). A
 * statement that names one missing row adds none of its rows.
 */

let t: TestApp;
let statementId: string;
const now = Date.now();

beforeAll(async () => {
  t = await createTestApp();
  const finance = await createFinanceAgent(t.app);
  const uploaded = await uploadStatement(
    t.app,
    finance.cookie,
    Buffer.from("ISRC,Net Revenue\nINA1B2688888,1\n"),
  );
  if (!("id" in uploaded)) throw new Error(uploaded.message);
  statementId = uploaded.id;
  const { db } = t.app.ctx.database;
  await db
    .insertInto("ledger_account")
    .values({ id: "test:kept", kind: "test", ownerId: null, createdAt: now })
    .execute();
  await db
    .insertInto("ledger_posting")
    .values({
      id: "test:posting",
      idempotencyKey: "test:posting",
      kind: "test",
      statementId: null,
      createdBy: null,
      createdAt: now,
    })
    .execute();
});

afterAll(() => t.close());

const entry = (accountId: string, postingId = "test:posting") => ({
  postingId,
  accountId,
  amount: 100,
  groupId: null,
  createdAt: now,
});

const group = (of: string) => ({
  statementId: of,
  code: "INA1B2688888",
  codeKind: "isrc",
  trackId: null,
  releaseId: null,
  artistId: null,
  store: "Spotify",
  country: "IN",
  saleMonth: "2026-10",
  lineCount: 1,
  amountPaise: 100,
  title: null,
  // No file gives this artist: these rows are the test's own, whatever the upload's preview writes.
  artist: "Reference test",
});

const ourGroups = async () =>
  (
    await t.app.ctx.database.db
      .selectFrom("statement_group")
      .select("id")
      .where("artist", "=", "Reference test")
      .execute()
  ).length;

const entriesOfPosting = async (postingId: string) =>
  (
    await t.app.ctx.database.db
      .selectFrom("ledger_entry")
      .select("id")
      .where("postingId", "=", postingId)
      .execute()
  ).length;

describe("ledger references", () => {
  it("refuses entries naming an account that does not exist, and the rest of their statement", async () => {
    const { db } = t.app.ctx.database;
    await expect(
      db
        .insertInto("ledger_entry")
        .values([entry("test:kept"), entry("test:missing")])
        .execute(),
    ).rejects.toThrow();
    expect(await entriesOfPosting("test:posting")).toBe(0);
    await db
      .insertInto("ledger_entry")
      .values([entry("test:kept"), entry("test:kept")])
      .execute();
    expect(await entriesOfPosting("test:posting")).toBe(2);
  });

  it("refuses an entry naming a posting that does not exist", async () => {
    const { db } = t.app.ctx.database;
    await expect(
      db.insertInto("ledger_entry").values(entry("test:kept", "test:no-posting")).execute(),
    ).rejects.toThrow();
    expect(await entriesOfPosting("test:no-posting")).toBe(0);
  });

  it("keeps the accounts and postings entries name", async () => {
    const { db } = t.app.ctx.database;
    await expect(
      db.deleteFrom("ledger_posting").where("id", "=", "test:posting").execute(),
    ).rejects.toThrow();
    await expect(
      db.deleteFrom("ledger_account").where("id", "=", "test:kept").execute(),
    ).rejects.toThrow();
    await expect(
      db
        .updateTable("ledger_account")
        .set({ id: "test:renamed" })
        .where("id", "=", "test:kept")
        .execute(),
    ).rejects.toThrow();
    expect(await entriesOfPosting("test:posting")).toBe(2);
  });

  it("refuses a statement group naming a statement that does not exist, and keeps statements that groups name", async () => {
    const { db } = t.app.ctx.database;
    await expect(
      db
        .insertInto("statement_group")
        .values([group(statementId), group(crypto.randomUUID())])
        .execute(),
    ).rejects.toThrow();
    expect(await ourGroups()).toBe(0);
    await db.insertInto("statement_group").values(group(statementId)).execute();
    await expect(
      db.deleteFrom("statement").where("id", "=", statementId).execute(),
    ).rejects.toThrow();
    expect(await ourGroups()).toBe(1);
  });
});
