import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StatementDetail } from "../../../shared/responses/statements";
import { byCodeUnit } from "../../../shared/code-unit-order";
import { createUser } from "../../test/chat-test-helpers";
import {
  connect,
  holdLock,
  rowsFreeNow,
  waitUntil,
  waitingBehind,
  watched,
} from "../../test/pg-row-locks";
import {
  ask,
  createFinanceAgent,
  importStatement,
  insertClaimedRelease,
  previewAsProposed,
  statementFile,
} from "../../test/statement-fixtures";
import { createTestApp, testDatabaseUrl, type TestApp } from "../../test/test-app";

/*
 * Every posting takes the balances' rows in one order, account id by code
 * unit, as a statement's import does: so a reversal (or an assignment, or a
 * split's move) and an import that share two artists wait for each other on
 * PostgreSQL instead of one of them failing as a deadlock's victim. Shown
 * here by holding the first row a reversal needs: it must wait there
 * holding none of the others.
 */

let t: TestApp;
let financeCookie: string;
let watcher: pg.Client;

async function importedStatement(): Promise<StatementDetail> {
  const file = statementFile([
    "INA1B2600071,Spotify,IN,2026-10,10,10,INR",
    "INA1B2600072,Spotify,IN,2026-10,20,20,INR",
    "USXX12600079,Spotify,IN,2026-10,5,5,INR",
  ]);
  const previewed = await previewAsProposed(t.app, financeCookie, file);
  return importStatement(t.app, financeCookie, previewed.id);
}

/** The accounts a statement's postings moved, in the order every posting takes them. */
async function accountsOf(statementId: string): Promise<string[]> {
  const rows = await t.app.ctx.database.db
    .selectFrom("ledger_entry as e")
    .innerJoin("ledger_posting as p", "p.id", "e.postingId")
    .select("e.accountId")
    .distinct()
    .where("p.statementId", "=", statementId)
    .execute();
  return rows.map((r) => r.accountId).sort(byCodeUnit);
}

beforeAll(async () => {
  t = await createTestApp();
  financeCookie = (await createFinanceAgent(t.app)).cookie;
  for (const [name, isrc, upc] of [
    ["Artist A", "INA1B2600071", "8901234560079"],
    ["Artist B", "INA1B2600072", "8901234560086"],
  ] as const) {
    const artist = await createUser(t.app, name);
    await insertClaimedRelease(t.app.ctx.database.db, artist.id, {
      upc,
      tracks: [{ title: `${name}'s song`, isrc }],
    });
  }
}, 60_000);
afterAll(() => t.close());

describe.skipIf(!testDatabaseUrl)("postings take balances' rows in account-id order", () => {
  beforeAll(async () => {
    expect(t.app.ctx.database.dialect).toBe("postgres");
    watcher = await connect(t.app);
  });
  afterAll(() => watcher.end());

  it("a reversal waiting for its first account holds none of the others", async () => {
    const detail = await importedStatement();
    const [first, ...rest] = await accountsOf(detail.id);
    expect(first).toMatch(/^artist:/);
    expect(rest).toEqual(expect.arrayContaining(["label", "stores", "unmatched"]));
    // Each row rewritten, last id first, as other postings leave them: the
    // table's storage order is then against the id order, and a plan that
    // scans the table cannot pass by chance.
    for (const id of [first!, ...rest].reverse()) {
      await watcher.query(`update ledger_account set balance = balance where id = $1`, [id]);
    }
    const lock = await holdLock(t.app, `select id from ledger_account where id = $1 for update`, [
      first,
    ]);
    const reversing = watched(
      ask(t.app, financeCookie, "POST", `/api/desk/statements/${detail.id}/reverse`),
    );
    await waitUntil(
      async () => (await waitingBehind(watcher, lock.pid)) >= 1,
      "the reversal waits",
    );
    // Another posting could take every other row now: the reversal holds none of them.
    expect(await rowsFreeNow(t.app, "ledger_account", rest)).toBe(rest.length);
    expect(reversing.settled).toBe(false);
    await lock.release();
    const reversed = await reversing.promise;
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json<StatementDetail>().state).toBe("reversed");
    const { rows } = await watcher.query<{ n: number }>(
      `select count(*)::int as n from ledger_account where balance <> 0`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
