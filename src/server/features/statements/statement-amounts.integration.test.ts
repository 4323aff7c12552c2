import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StatementDetail } from "../../../shared/responses/statements";
import { statementMessages as m } from "../../../shared/statement-messages";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import {
  ask,
  createFinanceAgent,
  insertClaimedRelease,
  preview,
  STATEMENT_HEADER as HEADER,
  uploadStatement,
} from "../../test/statement-fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

/*
 * How a statement's amounts are read, through the API, on SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL: a separator stands only between digit
 * groups, and what cannot be an amount is its line's error, never credited.
 */

let t: TestApp;
let finance: TestUser;
let artist: TestUser;

/** Every file differs (the same bytes are refused): a line of 0 rupees, its quantity a serial. */
let serial = 0;
const csv = (...lines: string[]) =>
  Buffer.from(
    [HEADER, ...lines, `INA1B2600071,Other,IN,2026-01,${++serial},0,INR`].join("\n") + "\n",
  );

async function previewed(bytes: Buffer, rates: Record<string, string> = {}) {
  const uploaded = await uploadStatement(t.app, finance.cookie, bytes);
  if (!("id" in uploaded)) throw new Error(`refused: ${uploaded.status} ${uploaded.message}`);
  const first = await ask(t.app, finance.cookie, "GET", `/api/desk/statements/${uploaded.id}`);
  const { mapping } = first.json<StatementDetail>();
  return preview(t.app, finance.cookie, uploaded.id, { mapping, rates });
}

const importAnswer = (id: string) =>
  ask(t.app, finance.cookie, "POST", `/api/desk/statements/${id}/import`);

beforeAll(async () => {
  t = await createTestApp();
  finance = await createFinanceAgent(t.app);
  artist = await createUser(t.app, "Amounts Artist");
  await insertClaimedRelease(t.app.ctx.database.db, artist.id, {
    upc: "8901234560079",
    tracks: [{ title: "Amounts Song", isrc: "INA1B2600071" }],
  });
}, 60_000);
afterAll(() => t.close());

describe("statements: reading amounts", () => {
  it("refuses a decimal comma or a stray comma as its line's error, and credits nothing", async () => {
    const detail = await previewed(
      csv(
        'INA1B2600071,Spotify,IN,2026-10,1,"1,234.50",INR',
        'INA1B2600071,Spotify,IN,2026-10,1,"12,50",INR',
        'INA1B2600071,Spotify,IN,2026-10,1,"0,0034",USD',
        'INA1B2600071,Spotify,IN,2026-10,1,"1.234,56",INR',
        'INA1B2600071,Spotify,IN,2026-10,1,"1,2,3",INR',
        'INA1B2600071,Spotify,IN,2026-10,"12,5",1,INR',
      ),
      { USD: "84.5" },
    );
    expect(detail.state).toBe("preview");
    expect(detail.lineErrors).toEqual([
      m.lineNotNumber(3, "Net revenue", "12,50"),
      m.lineNotNumber(4, "Net revenue", "0,0034"),
      m.lineNotNumber(5, "Net revenue", "1.234,56"),
      m.lineNotNumber(6, "Net revenue", "1,2,3"),
      m.lineNotNumber(7, "Quantity", "12,5"),
    ]);
    expect(detail.lineErrorCount).toBe(5);
    const refused = await importAnswer(detail.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: m.hasLineErrors });

    // The thousands separator alone reads as it always did.
    const good = await previewed(csv('INA1B2600071,Spotify,IN,2026-10,"1,000","1,234.50",INR'));
    expect(good.lineErrors).toEqual([]);
    expect(good.totals).toMatchObject({ lineCount: 2, totalPaise: 123_450 });
  });

  it("refuses an amount beyond 10¹² of its currency (or such a quantity) as its line's error", async () => {
    const detail = await previewed(
      csv(
        "INA1B2600071,Spotify,IN,2026-10,1,1e999,INR",
        "INA1B2600071,Spotify,IN,2026-10,1,99999999999999999999,USD",
        "INA1B2600071,Spotify,IN,2026-10,1,-1.5E13,INR",
        'INA1B2600071,Spotify,IN,2026-10,1,"(1,000,000,000,000.01)",INR',
        "INA1B2600071,Spotify,IN,2026-10,99999999999999999999,1,INR",
        // At the bound: read, though no real line comes near it.
        "INA1B2600071,Gaana,IN,2026-10,1,1000000000000,INR",
        "INA1B2600071,JioSaavn,IN,2026-10,1,-1E12,INR",
      ),
      { USD: "84.5" },
    );
    expect(detail.state).toBe("preview");
    expect(detail.failure).toBeNull();
    expect(detail.lineErrors).toEqual([
      m.lineNotNumber(2, "Net revenue", "1e999"),
      m.lineNotNumber(3, "Net revenue", "99999999999999999999"),
      m.lineNotNumber(4, "Net revenue", "-1.5E13"),
      m.lineNotNumber(5, "Net revenue", "(1,000,000,000,000.01)"),
      m.lineNotNumber(6, "Quantity", "99999999999999999999"),
    ]);
    expect((await importAnswer(detail.id)).statusCode).toBe(409);
  });

  it("rounds a large group half up exactly, on either engine (no numeric division's digits lost)", async () => {
    // 14675.7482279883 USD at 84.123457 is Rs.1,234,574.6749999999515531: 67 paise, not 68.
    const detail = await previewed(
      csv(
        "INA1B2600071,Spotify,IN,2026-10,1,14675.7482279883,USD",
        "INA1B2600071,Gaana,IN,2026-10,1,-14675.7482279883,USD",
        // Exact halves still go away from zero: 12.5 paise is 13, a refund of it -13.
        "INA1B2600071,JioSaavn,IN,2026-10,1,0.125,INR",
        "INA1B2600071,Wynk Music,IN,2026-10,1,-0.125,INR",
      ),
      { USD: "84.123457" },
    );
    expect(detail.lineErrors).toEqual([]);
    const groups = await t.app.ctx.database.db
      .selectFrom("statement_group")
      .select(["store", "amountPaise"])
      .where("statementId", "=", detail.id)
      .where("store", "<>", "Other")
      .orderBy("store")
      .execute();
    expect(groups).toEqual([
      { store: "Gaana", amountPaise: -123_457_467 },
      { store: "JioSaavn", amountPaise: 13 },
      { store: "Spotify", amountPaise: 123_457_467 },
      { store: "Wynk Music", amountPaise: -13 },
    ]);
    expect(detail.totals).toMatchObject({ totalPaise: 0 });
  });
});
