import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import type { StatementDetail, UnmatchedCode } from "../../../shared/responses/statements";
import { statementMessages as m } from "../../../shared/statement-messages";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import {
  ask,
  createFinanceAgent,
  importStatement,
  insertClaimedRelease,
  preview,
  uploadStatement,
  waitWhile,
} from "../../test/statement-fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";
import { StatementService } from "./statement-service";

/*
 * Statements end to end through the API (issue 46), on SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL: exact rounding, totals, refusals, the
 * unmatched codes, reversal, the double Import and the job after a kill.
 */

let t: TestApp;
let finance: TestUser;
let a: TestUser;
let b: TestUser;
let agent: TestUser;
let trackB: string;

const HEADER =
  "ISRC,UPC,Store,Country,Sales Month,Quantity,Net Revenue,Currency,Track Title,Artist";
const csv = (...lines: string[]) => Buffer.from([HEADER, ...lines].join("\n") + "\n");
const mappingOf = (detail: StatementDetail) => detail.mapping;

/** Every statement file in this suite differs (the same bytes are refused): a line of 0 rupees. */
let serial = 0;
const unique = () => `INA1B2600001,,Other,IN,2026-01,${++serial},0,INR,,`;

async function upload(bytes: Buffer, name = "statement.csv") {
  const result = await uploadStatement(t.app, finance.cookie, bytes, name);
  if (!("id" in result)) throw new Error(`refused: ${result.status} ${result.message}`);
  return result.id;
}

async function previewed(bytes: Buffer, rates: Record<string, string> = {}) {
  const id = await upload(bytes);
  const first = await ask(t.app, finance.cookie, "GET", `/api/desk/statements/${id}`);
  return preview(t.app, finance.cookie, id, { mapping: mappingOf(first.json()), rates });
}

const balanceOf = async (artistId: string) => {
  const row = await t.app.ctx.database.db
    .selectFrom("ledger_account")
    .select("balance")
    .where("id", "=", `artist:${artistId}`)
    .executeTakeFirst();
  return row?.balance ?? 0;
};

const service = () =>
  new StatementService({
    database: t.app.ctx.database,
    events: t.app.ctx.events,
    log: t.app.log,
    storage: t.app.ctx.storage,
    defaultRoyaltyBasisPoints: 8500,
  });

beforeAll(async () => {
  t = await createTestApp();
  finance = await createFinanceAgent(t.app);
  a = await createUser(t.app, "Artist A");
  b = await createUser(t.app, "Artist B");
  agent = await createUser(t.app, "Support", true);
  await insertClaimedRelease(t.app.ctx.database.db, a.id, {
    upc: "8901234560017",
    tracks: [{ title: "First Song", isrc: "IN-A1B-26-00001" }],
  });
  const released = await insertClaimedRelease(t.app.ctx.database.db, b.id, {
    upc: "8901234560024",
    tracks: [{ title: "Second Song", isrc: "INA1B2600002" }],
  });
  trackB = released.trackIds[0]!;
  const rate = await ask(t.app, finance.cookie, "PUT", `/api/desk/artists/${b.id}/royalty-rate`, {
    percent: "70",
  });
  expect(rate.statusCode).toBe(200);
}, 60_000);
afterAll(() => t.close());

describe("statements: money", () => {
  it("rounds each group half up once, splits at the artist's rate, and the totals add up", async () => {
    const detail = await previewed(
      csv(
        // Two lines of one group: 0.0025 + 0.0025 = 0.005 rupees → 1 paisa (half up, once).
        "in-a1b-26-00001,,Spotify,IN,2026-10,10,0.0025,INR,First Song,A",
        "INA1B 26 00001,,Spotify,IN,2026-10,5,0.0025,INR,First Song,A",
        // 10 rupees: 850 to A (85 %), 150 to the label.
        "INA1B2600001,,JioSaavn,IN,Oct 2026,100,10,INR,First Song,A",
        // A refund: -0.005 → -1 paisa (away from zero, as the sale it undoes).
        "INA1B2600001,,Gaana,IN,2026M10,0,-0.005,INR,First Song,A",
        // 1 USD at 84.5 → 8450 paise to B at 70 %: 5915 and 2535.
        "INA1B2600002,,Spotify,US,10/2026,40,1.00,USD,Second Song,B",
        // 0.333 → 33 paise; B's 70 % is 23.1 → 23, the label 10.
        "INA1B2600002,,Apple Music,GB,2026-10-15,3,0.333,INR,Second Song,B",
        // A UPC without an ISRC: a release sale, A's.
        ",890123456001-7,Amazon Music,IN,2026-10,1,2.00,INR,Album,A",
        // Nobody's: unmatched.
        "USXX12600099,,Spotify,IN,2026-10,7,3.50,INR,Stranger Song,Someone",
        unique(),
      ),
      { USD: "84.5" },
    );
    expect(detail.state).toBe("preview");
    expect(detail.lineErrors).toEqual([]);
    expect(detail.currencies).toEqual(["USD"]);
    expect(detail.saleMonths).toEqual(["2026-01", "2026-10"]);
    const groups = await t.app.ctx.database.db
      .selectFrom("statement_group")
      .select(["code", "store", "amountPaise", "artistPaise", "labelPaise", "artistId"])
      .where("statementId", "=", detail.id)
      .orderBy("code")
      .orderBy("store")
      .execute();
    const row = (code: string, store: string) =>
      groups.find((g) => g.code === code && g.store === store);
    expect(row("INA1B2600001", "Spotify")).toMatchObject({
      amountPaise: 1,
      artistPaise: 1,
      labelPaise: 0,
    });
    expect(row("INA1B2600001", "JioSaavn")).toMatchObject({
      amountPaise: 1000,
      artistPaise: 850,
      labelPaise: 150,
    });
    expect(row("INA1B2600001", "Gaana")).toMatchObject({
      amountPaise: -1,
      artistPaise: -1,
      labelPaise: 0,
    });
    expect(row("INA1B2600002", "Spotify")).toMatchObject({
      amountPaise: 8450,
      artistPaise: 5915,
      labelPaise: 2535,
    });
    expect(row("INA1B2600002", "Apple Music")).toMatchObject({
      amountPaise: 33,
      artistPaise: 23,
      labelPaise: 10,
    });
    expect(row("8901234560017", "Amazon Music")).toMatchObject({
      amountPaise: 200,
      artistPaise: 170,
      artistId: a.id,
    });
    expect(row("USXX12600099", "Spotify")).toMatchObject({ amountPaise: 350, artistId: null });
    for (const g of groups)
      expect(g.artistPaise + g.labelPaise).toBe(g.artistId ? g.amountPaise : 0);

    expect(detail.totals).toEqual({
      lineCount: 9,
      matchedCount: 8,
      unmatchedCount: 1,
      totalPaise: 1 + 1000 - 1 + 8450 + 33 + 200 + 350,
      artistsPaise: 1 + 850 - 1 + 5915 + 23 + 170,
      labelPaise: 0 + 150 + 0 + 2535 + 10 + 30,
      unmatchedPaise: 350,
    });
    const totals = detail.totals!;
    expect(totals.artistsPaise + totals.labelPaise + totals.unmatchedPaise).toBe(totals.totalPaise);

    const imported = await importStatement(t.app, finance.cookie, detail.id);
    expect(imported.state).toBe("imported");
    expect(imported.totals).toEqual(detail.totals);
    expect(await balanceOf(a.id)).toBe(1 + 850 - 1 + 170);
    expect(await balanceOf(b.id)).toBe(5915 + 23);
    expect(await service().ledgerCheck()).toEqual([]);

    // The same bytes under another name: refused at upload, with the day it was imported.
    const again = await uploadStatement(
      t.app,
      finance.cookie,
      csv(
        "in-a1b-26-00001,,Spotify,IN,2026-10,10,0.0025,INR,First Song,A",
        "INA1B 26 00001,,Spotify,IN,2026-10,5,0.0025,INR,First Song,A",
        "INA1B2600001,,JioSaavn,IN,Oct 2026,100,10,INR,First Song,A",
        "INA1B2600001,,Gaana,IN,2026M10,0,-0.005,INR,First Song,A",
        "INA1B2600002,,Spotify,US,10/2026,40,1.00,USD,Second Song,B",
        "INA1B2600002,,Apple Music,GB,2026-10-15,3,0.333,INR,Second Song,B",
        ",890123456001-7,Amazon Music,IN,2026-10,1,2.00,INR,Album,A",
        "USXX12600099,,Spotify,IN,2026-10,7,3.50,INR,Stranger Song,Someone",
        `INA1B2600001,,Other,IN,2026-01,${serial},0,INR,,`,
      ),
      "renamed.txt",
    );
    expect(again).toMatchObject({ status: 422 });
    expect((again as { message: string }).message).toMatch(
      /^This statement was already imported on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/,
    );

    // Unmatched, grouped by code with the file's title; assigned to B's track.
    const unmatched = await ask(
      t.app,
      finance.cookie,
      "GET",
      `/api/desk/statements/${detail.id}/unmatched`,
    );
    expect(unmatched.json<{ items: UnmatchedCode[] }>().items).toEqual([
      {
        code: "USXX12600099",
        codeKind: "isrc",
        title: "Stranger Song",
        artist: "Someone",
        lineCount: 1,
        amountPaise: 350,
      },
    ]);
    const found = await ask(t.app, finance.cookie, "GET", "/api/desk/tracks?q=second");
    expect(found.json<{ items: { trackId: string }[] }>().items.map((i) => i.trackId)).toEqual([
      trackB,
    ]);
    const byIsrc = await ask(t.app, finance.cookie, "GET", "/api/desk/tracks?q=INA1B-26-00002");
    expect(byIsrc.json<{ items: { trackId: string }[] }>().items.map((i) => i.trackId)).toEqual([
      trackB,
    ]);
    const before = await balanceOf(b.id);
    const assign = () =>
      ask(t.app, finance.cookie, "POST", `/api/desk/statements/${detail.id}/unmatched/assign`, {
        code: "USXX12600099",
        trackId: trackB,
      });
    const assigned = await assign();
    expect(assigned.statusCode).toBe(200);
    // 350 at B's 70 %: 245 to B, 105 to the label; nothing left unmatched.
    expect(await balanceOf(b.id)).toBe(before + 245);
    expect(assigned.json<StatementDetail>().totals).toMatchObject({
      unmatchedPaise: 0,
      artistsPaise: totals.artistsPaise + 245,
    });
    expect((await assign()).statusCode).toBe(404);
    expect(await service().ledgerCheck()).toEqual([]);

    // The code is remembered: a later statement matches it.
    const later = await previewed(
      csv("USXX12600099,,Spotify,IN,2026-11,1,1,INR,Stranger Song,Someone", unique()),
    );
    expect(later.totals).toMatchObject({ unmatchedPaise: 0, artistsPaise: 70 });

    // Reversed: every entry undone, and the file may come again.
    const reversed = await ask(
      t.app,
      finance.cookie,
      "POST",
      `/api/desk/statements/${detail.id}/reverse`,
    );
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json<StatementDetail>().state).toBe("reversed");
    expect(await balanceOf(a.id)).toBe(0);
    expect(await balanceOf(b.id)).toBe(0);
    expect(
      (
        await ask(t.app, finance.cookie, "POST", `/api/desk/statements/${detail.id}/reverse`)
      ).json(),
    ).toMatchObject({ message: m.alreadyReversed });
    expect(await service().ledgerCheck()).toEqual([]);
  });
});

describe("statements: a rate set between preview and import", () => {
  it("splits at the rate of the import, 0 % included (the label then gets it all)", async () => {
    const setRate = async (percent: string) => {
      const answer = await ask(
        t.app,
        finance.cookie,
        "PUT",
        `/api/desk/artists/${b.id}/royalty-rate`,
        { percent },
      );
      expect(answer.statusCode).toBe(200);
    };
    const before = await balanceOf(b.id);
    // 10 rupees to B: previewed at B's 70 %, imported at 0 %, then a second one at 50 %.
    const atZero = await previewed(csv("INA1B2600002,,Spotify,IN,2026-08,1,10,INR,,", unique()));
    expect(atZero.totals).toMatchObject({ artistsPaise: 700, labelPaise: 300 });
    await setRate("0");
    const imported = await importStatement(t.app, finance.cookie, atZero.id);
    expect(imported.totals).toMatchObject({ totalPaise: 1000, artistsPaise: 0, labelPaise: 1000 });
    expect(await balanceOf(b.id)).toBe(before);

    const atHalf = await previewed(csv("INA1B2600002,,Spotify,IN,2026-09,1,10,INR,,", unique()));
    await setRate("50");
    expect((await importStatement(t.app, finance.cookie, atHalf.id)).totals).toMatchObject({
      artistsPaise: 500,
      labelPaise: 500,
    });
    expect(await balanceOf(b.id)).toBe(before + 500);
    expect(await service().ledgerCheck()).toEqual([]);
    await setRate("70");
  });
});

describe("statements: refusals", () => {
  it("lists line errors (the first 20, and how many) and refuses to import such a statement", async () => {
    const bad = Array.from(
      { length: 22 },
      (_, i) => `INA1B2600001,,Spotify,IN,2026-10,1,x${i},INR,,`,
    );
    const detail = await previewed(
      csv(
        "INA1B2600001,,Spotify,IN,2026-10,1,abc,INR,,",
        "INA1B2600001,,Spotify,IN,13/2026,1,1,INR,,",
        // NUL: PostgreSQL cannot store it, so it is a line error on both engines.
        "INA1B2600001,,Spotify,I\u0000N,2026-10,1,1,INR,,",
        ...bad,
        unique(),
      ),
    );
    expect(detail.lineErrors[0]).toBe('Line 2: Net revenue "abc" is not a number.');
    expect(detail.lineErrors[1]).toBe('Line 3: Sale month "13/2026" is not a month.');
    expect(detail.lineErrors[2]).toBe("Line 4: a cell holds an invisible NUL character.");
    expect(detail.lineErrors).toHaveLength(20);
    expect(detail.lineErrorCount).toBe(25);
    const refused = await ask(
      t.app,
      finance.cookie,
      "POST",
      `/api/desk/statements/${detail.id}/import`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: m.hasLineErrors });
  });

  it("asks for a rate for each currency other than INR before totals", async () => {
    const detail = await previewed(csv("INA1B2600001,,Spotify,IN,2026-10,1,1,EUR,,", unique()));
    expect(detail.currencies).toEqual(["EUR"]);
    expect(detail.totals).toBeNull();
    expect(detail.failure).toBe(m.rateRequired("EUR"));
    expect(
      (await ask(t.app, finance.cookie, "POST", `/api/desk/statements/${detail.id}/import`))
        .statusCode,
    ).toBe(409);
  });

  it("says when the amounts add up to more than a statement may, and takes a corrected rate", async () => {
    const huge = await previewed(
      csv("INA1B2600001,,Spotify,IN,2026-10,1,999999999999,USD,,", unique()),
      {
        USD: "999999999",
      },
    );
    expect(huge).toMatchObject({ state: "preview", totals: null, failure: m.tooLarge });
    const corrected = await preview(t.app, finance.cookie, huge.id, {
      mapping: huge.mapping,
      rates: { USD: "1" },
    });
    expect(corrected.failure).toBeNull();
    expect(corrected.totals).toMatchObject({ totalPaise: 99_999_999_999_900 });

    // The bound is ten lakh crore rupees: ten lines of 999,999,999,999 stay under it, eleven pass it.
    const line = "INA1B2600001,,Spotify,IN,2026-10,1,999999999999,INR,,";
    const ten = await previewed(csv(...Array.from({ length: 10 }, () => line), unique()));
    expect(ten).toMatchObject({ failure: null, totals: { totalPaise: 999_999_999_999_000 } });
    const eleven = await previewed(csv(...Array.from({ length: 11 }, () => line), unique()));
    expect(eleven).toMatchObject({ failure: m.tooLarge });
    expect(m.tooLarge).toContain("Rs.1,00,00,00,00,00,000.00 (ten lakh crore rupees)");
  });

  it("reads a gzipped TSV whatever its name, proposing columns from the stores' header names", async () => {
    const tsv = [
      "Optional ISRC\tStore Name\tCountry of Sale\tSales Period\t# Units Sold\tNet Payable\tClient Payment Currency",
      "INA1B2600001\tWynk Music\tIN\tOct 2026\t3\t1.5\tINR",
      `INA1B2600001\tWynk Music\tIN\t2026M11\t3\t0.5\tINR\t${++serial}`,
    ].join("\n");
    const id = await upload(gzipSync(Buffer.from(tsv)), "report.txt");
    const detail = (
      await ask(t.app, finance.cookie, "GET", `/api/desk/statements/${id}`)
    ).json<StatementDetail>();
    expect(detail.headers[0]).toBe("Optional ISRC");
    expect(detail.mapping).toEqual({
      isrc: "Optional ISRC",
      upc: null,
      store: "Store Name",
      country: "Country of Sale",
      saleMonth: "Sales Period",
      quantity: "# Units Sold",
      netRevenue: "Net Payable",
      currency: "Client Payment Currency",
    });
    const previewedTsv = await preview(t.app, finance.cookie, id, { mapping: detail.mapping });
    expect(previewedTsv.saleMonths).toEqual(["2026-10", "2026-11"]);
    expect(previewedTsv.totals).toMatchObject({ totalPaise: 200, lineCount: 2 });
  });

  it("stages each group's lines summed as read (COPY on PostgreSQL), quotes, tabs and line breaks kept", async () => {
    const title = 'Song, "quoted"\twith a tab\nand a line \\ break';
    const quoted = `"${title.replace(/"/g, '""')}"`;
    const detail = await previewed(
      csv(
        `INA1B2600001,,Spotify,IN,2026-07,2,1.25,INR,${quoted},A`,
        `INA1B2600001,,Spotify,IN,2026-07,3,0.75,INR,A title,B`,
        unique(),
      ),
    );
    const sums = await t.app.ctx.database.db
      .selectFrom("statement_line")
      .select(["isrc", "upc", "store", "quantity", "lineCount", "rupeeUnits", "title", "artist"])
      .where("statementId", "=", detail.id)
      .orderBy("store", "desc")
      .execute();
    // One row for the two Spotify lines: their sums in exact rupees (10⁻¹⁶), the first title and artist.
    expect(sums[0]).toEqual({
      isrc: "INA1B2600001",
      upc: null,
      store: "Spotify",
      quantity: 5,
      lineCount: 2,
      rupeeUnits: "20000000000000000",
      title,
      artist: "A",
    });
    expect(sums).toHaveLength(2);

    // Imported, its lines are dropped (on PostgreSQL, with the partition they had), just after.
    await importStatement(t.app, finance.cookie, detail.id);
    const { db } = t.app.ctx.database;
    await vi.waitFor(async () => {
      const left = await db
        .selectFrom("statement_line")
        .select("store")
        .where("statementId", "=", detail.id)
        .execute();
      expect(left).toHaveLength(0);
    });
    if (t.app.ctx.database.dialect === "postgres") {
      const partitions = await sql<{ name: string }>`
        select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where c.relname = ${`statement_line_${detail.id.replace(/-/g, "")}`}`.execute(db);
      expect(partitions.rows).toEqual([]);
    }
  });

  it("refuses a file that is not a statement", async () => {
    const refused = await uploadStatement(
      t.app,
      finance.cookie,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
    );
    expect(refused).toMatchObject({ status: 422 });
  });

  it("is for finance agents only: artists and support agents get 403, the signed-out 401", async () => {
    for (const who of [a, agent]) {
      const response = await ask(t.app, who.cookie, "GET", "/api/desk/statements");
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: m.financeOnly });
      expect((await ask(t.app, who.cookie, "GET", "/api/me/roles")).json()).toEqual({
        finance: false,
      });
    }
    expect((await t.app.inject({ url: "/api/desk/statements" })).statusCode).toBe(401);
    expect((await ask(t.app, finance.cookie, "GET", "/api/me/roles")).json()).toEqual({
      finance: true,
    });
    const refused = await uploadStatement(t.app, agent.cookie, csv(unique()));
    expect(refused).toMatchObject({ status: 403 });
  });
});

describe("statements: jobs", () => {
  it("credits once when Import is pressed twice at once", async () => {
    const detail = await previewed(csv("INA1B2600001,,Spotify,IN,2026-09,1,100,INR,,", unique()));
    const before = await balanceOf(a.id);
    const presses = await Promise.all(
      [0, 1].map(() =>
        ask(t.app, finance.cookie, "POST", `/api/desk/statements/${detail.id}/import`),
      ),
    );
    expect(presses.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    expect(presses.find((r) => r.statusCode === 409)!.json()).toMatchObject({
      message: m.alreadyImporting,
    });
    await waitWhile(t.app, finance.cookie, detail.id, ["importing"]);
    expect(await balanceOf(a.id)).toBe(before + 8500);
    const postings = await t.app.ctx.database.db
      .selectFrom("ledger_posting")
      .select("id")
      .where("statementId", "=", detail.id)
      .execute();
    expect(postings).toHaveLength(1);
  });

  it("finishes an import a killed process left, once, at the next start", async () => {
    const detail = await previewed(csv("INA1B2600001,,Spotify,IN,2026-08,1,10,INR,,", unique()));
    const before = await balanceOf(a.id);
    // Killed after the claim, before the posting's transaction committed.
    const { db } = t.app.ctx.database;
    const row = await db
      .selectFrom("statement")
      .select("fileSha256")
      .where("id", "=", detail.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable("statement")
      .set({ state: "importing", activeHash: row.fileSha256, importedBy: finance.id })
      .where("id", "=", detail.id)
      .execute();
    expect(await balanceOf(a.id)).toBe(before);
    for (let start = 0; start < 2; start++) {
      const restarted = service();
      await restarted.resumeJobs();
      await restarted.idle();
    }
    const after = await waitWhile(t.app, finance.cookie, detail.id, ["importing"]);
    expect(after.state).toBe("imported");
    expect(await balanceOf(a.id)).toBe(before + 850);
    expect(await service().ledgerCheck()).toEqual([]);
  });

  it("ledger-check names a balance that disagrees with its entries", async () => {
    const { db } = t.app.ctx.database;
    const balance = await balanceOf(a.id);
    await db
      .updateTable("ledger_account")
      .set({ balance: balance + 1 })
      .where("id", "=", `artist:${a.id}`)
      .execute();
    const problems = await service().ledgerCheck();
    expect(problems).toEqual([
      `Account artist:${a.id}: balance ${balance + 1} paise, its entries sum to ${balance}.`,
    ]);
    await db
      .updateTable("ledger_account")
      .set({ balance })
      .where("id", "=", `artist:${a.id}`)
      .execute();
    expect(await service().ledgerCheck()).toEqual([]);
  });
});
