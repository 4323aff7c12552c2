import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { entrySumsSinceQuery } from "./ledger-range-repository";

/*
 * A statement is posted range by range (decision 110), and each range's
 * sums per account must read only the entries the range just wrote. SQLite
 * once read the whole ledger along the account index to group without
 * sorting, so a million-group import scanned every entry in every slice
 * (decision 126): 206 s against 14.5 s.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

describe("a posting's range sums", () => {
  it("read a range of the primary key, not the account or posting index", async () => {
    const { db, dialect } = t.app.ctx.database;
    const query = entrySumsSinceQuery("posting", 1000);
    const plan =
      dialect === "sqlite"
        ? (await sql<{ detail: string }>`explain query plan ${query}`.execute(db)).rows
            .map((r) => r.detail)
            .join(" | ")
        : (await sql<{ "QUERY PLAN": string }>`explain ${query}`.execute(db)).rows
            .map((r) => r["QUERY PLAN"])
            .join("\n");
    expect(plan).not.toMatch(/ledger_entry_account_idx|ledger_entry_posting_idx/);
    if (dialect === "sqlite") expect(plan).toContain("USING INTEGER PRIMARY KEY (rowid>?)");
  });
});
