import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StatementDetail } from "../../../shared/responses/statements";
import { statementMessages as m } from "../../../shared/statement-messages";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import {
  ask,
  createFinanceAgent,
  importStatement,
  insertClaimedRelease,
  previewAsProposed,
  STATEMENT_HEADER as HEADER,
  waitWhile,
} from "../../test/statement-fixtures";
import {
  connect,
  holdLock as holdRows,
  waitUntil,
  waitingBehind,
  watched,
} from "../../test/pg-row-locks";
import { createTestApp, testDatabaseUrl, type TestApp } from "../../test/test-app";
import { postAssignment } from "../ledger/ledger-service";
import { StatementService } from "./statement-service";
import {
  matchCodeGroups,
  splitGroups,
  totalsFromGroups,
  updateStatement,
} from "./statement-repository";

/*
 * Steps of one statement that overlap on PostgreSQL (issue 46): an Assign
 * and a Reverse, an Assign and an Import. A second connection holds a row
 * lock so that one step stops halfway, the other starts meanwhile, and the
 * lock is let go once both are under way (or the second has finished).
 * And, on both engines, ledger-check naming what such a race left.
 */

let t: TestApp;
let finance: TestUser;
let a: TestUser;
let b: TestUser;
let releaseB: string;
let trackB: string;

/**
 * 10 rupees to A's track, 50 to a code nobody has yet (5000 paise
 * unmatched): a new code each time, as an assignment remembers its code.
 */
let serial = 0;
let unmatched = "";
const statementFile = () => {
  unmatched = `USXX126000${10 + ++serial}`;
  return Buffer.from(
    [
      HEADER,
      "INA1B2600051,Spotify,IN,2026-10,10,10,INR",
      `${unmatched},Spotify,IN,2026-10,50,50,INR`,
    ].join("\n") + "\n",
  );
};

const previewed = () => previewAsProposed(t.app, finance.cookie, statementFile());

const balanceOf = async (accountId: string) => {
  const row = await t.app.ctx.database.db
    .selectFrom("ledger_account")
    .select("balance")
    .where("id", "=", accountId)
    .executeTakeFirst();
  return row?.balance ?? 0;
};

const service = () =>
  new StatementService({
    database: t.app.ctx.database,
    events: t.app.ctx.events,
    log: t.app.log,
    defaultRoyaltyBasisPoints: 8500,
  });

const assign = (id: string) =>
  ask(t.app, finance.cookie, "POST", `/api/desk/statements/${id}/unmatched/assign`, {
    code: unmatched,
    trackId: trackB,
  });
const reverse = (id: string) =>
  ask(t.app, finance.cookie, "POST", `/api/desk/statements/${id}/reverse`);

let watcher: pg.Client;
const waiting = (pid: number) => waitingBehind(watcher, pid);
const holdLock = (query: string, params: unknown[]) => holdRows(t.app, query, params);

beforeAll(async () => {
  t = await createTestApp();
  finance = await createFinanceAgent(t.app);
  a = await createUser(t.app, "Artist A");
  b = await createUser(t.app, "Artist B");
  await insertClaimedRelease(t.app.ctx.database.db, a.id, {
    upc: "8901234560055",
    tracks: [{ title: "A Song", isrc: "INA1B2600051" }],
  });
  const released = await insertClaimedRelease(t.app.ctx.database.db, b.id, {
    upc: "8901234560062",
    tracks: [{ title: "B Song", isrc: "INA1B2600052" }],
  });
  releaseB = released.releaseId;
  trackB = released.trackIds[0]!;
}, 60_000);
afterAll(() => t.close());

describe.skipIf(!testDatabaseUrl)("statements: overlapping steps on PostgreSQL", () => {
  beforeAll(async () => {
    expect(t.app.ctx.database.dialect).toBe("postgres");
    watcher = await connect(t.app);
  });
  afterAll(() => watcher.end());

  it("reverses an assignment that was under way when Reverse was pressed", async () => {
    const detail = await importStatement(t.app, finance.cookie, (await previewed()).id);
    expect(detail.totals).toMatchObject({ unmatchedPaise: 5000 });
    // The assignment stops at the code's groups, after it has read the statement.
    const lock = await holdLock(
      `select id from statement_group where "statementId" = $1 and code = $2 for update`,
      [detail.id, unmatched],
    );
    const assigning = watched(assign(detail.id));
    await waitUntil(async () => (await waiting(lock.pid)) >= 1, "the assignment waits");
    const reversing = watched(reverse(detail.id));
    await waitUntil(
      async () => reversing.settled || (await waiting(lock.pid)) >= 2,
      "the reversal waits or is done",
    );
    await lock.release();
    const [assigned, reversed] = await Promise.all([assigning.promise, reversing.promise]);
    expect(assigned.statusCode).toBe(200);
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json<StatementDetail>().state).toBe("reversed");
    // Everything undone, the assignment included.
    expect(await balanceOf(`artist:${a.id}`)).toBe(0);
    expect(await balanceOf(`artist:${b.id}`)).toBe(0);
    expect(await balanceOf("unmatched")).toBe(0);
    expect(await balanceOf("label")).toBe(0);
    expect(await service().ledgerCheck()).toEqual([]);
  });

  it("refuses an assignment pressed while the statement is being reversed", async () => {
    const detail = await importStatement(t.app, finance.cookie, (await previewed()).id);
    // The reversal stops at the unmatched account, after it has read the statement.
    const lock = await holdLock(
      `select id from ledger_account where id = 'unmatched' for update`,
      [],
    );
    const reversing = watched(reverse(detail.id));
    await waitUntil(async () => (await waiting(lock.pid)) >= 1, "the reversal waits");
    const assigning = watched(assign(detail.id));
    await waitUntil(
      async () => assigning.settled || (await waiting(lock.pid)) >= 2,
      "the assignment waits or is done",
    );
    await lock.release();
    const [reversed, assigned] = await Promise.all([reversing.promise, assigning.promise]);
    expect(reversed.statusCode).toBe(200);
    expect(assigned.statusCode).toBe(409);
    expect(assigned.json()).toMatchObject({ message: m.alreadyReversed });
    expect(await balanceOf(`artist:${b.id}`)).toBe(0);
    expect(await balanceOf("unmatched")).toBe(0);
    expect(await service().ledgerCheck()).toEqual([]);
  });

  it("credits a code assigned on the preview while Import was pressed", async () => {
    const detail = await previewed();
    const before = await balanceOf(`artist:${b.id}`);
    const lock = await holdLock(
      `select id from statement_group where "statementId" = $1 and code = $2 for update`,
      [detail.id, unmatched],
    );
    const assigning = watched(assign(detail.id));
    await waitUntil(async () => (await waiting(lock.pid)) >= 1, "the assignment waits");
    const importing = watched(
      ask(t.app, finance.cookie, "POST", `/api/desk/statements/${detail.id}/import`),
    );
    const stateOf = async () =>
      (
        await ask(t.app, finance.cookie, "GET", `/api/desk/statements/${detail.id}`)
      ).json<StatementDetail>().state;
    await waitUntil(
      async () =>
        (await waiting(lock.pid)) >= 2 || (importing.settled && (await stateOf()) === "imported"),
      "the import waits or is done",
    );
    await lock.release();
    expect((await assigning.promise).statusCode).toBe(200);
    expect((await importing.promise).statusCode).toBe(202);
    const imported = await waitWhile(t.app, finance.cookie, detail.id, ["importing"]);
    expect(imported.state).toBe("imported");
    // 50 rupees at 85 %: B's; nothing left unmatched, in the totals or the ledger.
    expect(imported.totals).toMatchObject({ unmatchedPaise: 0 });
    expect((await balanceOf(`artist:${b.id}`)) - before).toBe(4250);
    expect(await balanceOf("unmatched")).toBe(0);
    expect(await service().ledgerCheck()).toEqual([]);
  });
});

// Last: it leaves the ledger disagreeing.
describe("ledger-check", () => {
  it("names what a reversed statement's postings leave on an account", async () => {
    const detail = await importStatement(t.app, finance.cookie, (await previewed()).id);
    const code = unmatched;
    expect((await reverse(detail.id)).statusCode).toBe(200);
    // What an assignment that committed just after the reversal left (before statements were locked).
    await t.app.ctx.database.db.transaction().execute(async (trx) => {
      const owner = { trackId: trackB, releaseId: releaseB, artistId: b.id };
      await matchCodeGroups(trx, detail.id, code, owner);
      await splitGroups(trx, detail.id, 8500, code);
      await postAssignment(trx, {
        statementId: detail.id,
        code,
        by: finance.id,
        now: Date.now(),
      });
      await updateStatement(trx, detail.id, await totalsFromGroups(trx, detail.id));
    });
    const name = `Statement statement.csv (${detail.id}): reversed, yet its postings leave`;
    expect(await service().ledgerCheck()).toEqual([
      `${name} 4250 paise on account artist:${b.id}.`,
      `${name} 750 paise on account label.`,
      `${name} -5000 paise on account unmatched.`,
    ]);
  });
});
