/**
 * The artist's wallet (issue 46, section 4) on the engine the suite runs on
 * (SQLite, or PostgreSQL with TEST_DATABASE_URL): the balance, Recent
 * Transactions, the earnings breakdown by period and its CSV, a song's
 * earnings and the desk's balance, read from ledger rows written as the
 * statements feature writes them. Artists see only their own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ArtistBalance,
  EarningsBreakdown,
  WalletSummary,
  WalletTransactionPage,
} from "../../../shared/responses/wallet";
import { statementMessages } from "../../../shared/statement-messages";
import { WALLET_ARTISTS_ONLY_MESSAGE } from "../../../shared/wallet-text";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import {
  insertApprovedRelease,
  postStatement,
  reverseStatement,
  type FixtureGroup,
} from "../../test/ledger-fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";
import { WalletService } from "./wallet-service";

let t: TestApp;
let agent: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  agent = await createUser(t.app, "Wallet Agent", true);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const slow = { timeout: 120_000 };
const db = () => t.app.ctx.database.db;
const get = (url: string, user: TestUser | null) =>
  t.app.inject({ url, headers: user ? { cookie: user.cookie } : {} });

/** A month relative to this one on India's clock: 0 this month, -1 the one before. */
function monthFromNow(delta: number): string {
  const today = new Date(Date.now() + 330 * 60_000);
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + delta, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The first month of this Indian financial year (April). */
function financialYearStart(): string {
  const today = new Date(Date.now() + 330 * 60_000);
  const year = today.getUTCMonth() >= 3 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  return `${year}-04`;
}

async function artistWithTracks(name: string) {
  const artist = await createUser(t.app, name);
  const release = await insertApprovedRelease(db(), artist.id, `${name} EP`, [
    { title: "Night Drive", isrc: "IN-A1B-26-00001" },
    { title: "Monsoon", isrc: "IN-A1B-26-00002", version: "Acoustic" },
  ]);
  return { artist, ...release };
}

const group = (
  artistId: string,
  trackId: string,
  values: Partial<FixtureGroup> & Pick<FixtureGroup, "saleMonth" | "artistPaise">,
): FixtureGroup => ({
  artistId,
  trackId,
  store: "Spotify",
  country: "IN",
  quantity: 100,
  ...values,
});

describe("the wallet summary", slow, () => {
  it("starts at zero, then shows the balance and when the last credit came", async () => {
    const { artist, trackIds } = await artistWithTracks("Summary Artist");
    const empty = await get("/api/wallet", artist);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers["cache-control"]).toBe("private, no-store");
    expect(empty.json()).toEqual({ balancePaise: 0, lastCreditAt: null });

    const at = Date.now() - 60_000;
    await postStatement(
      db(),
      [
        group(artist.id, trackIds[0]!, { saleMonth: "2026-10", artistPaise: 123_456 }),
        group(artist.id, trackIds[1]!, { saleMonth: "2026-10", artistPaise: 1 }),
      ],
      at,
    );
    // No event: a statement imported from the shell (another process) shows
    // at once (PostgreSQL: once its commit's notice is heard, decision 116).
    await t.app.ctx.ledgerNotices?.heardSoFar();
    expect((await get("/api/wallet", artist)).json<WalletSummary>()).toEqual({
      balancePaise: 123_457,
      lastCreditAt: at,
    });
  });

  it("is the artist's own: signed out 401, agents 403", async () => {
    expect((await get("/api/wallet", null)).statusCode).toBe(401);
    const refused = await get("/api/wallet", agent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(WALLET_ARTISTS_ONLY_MESSAGE);
    for (const url of [
      "/api/wallet/transactions",
      "/api/wallet/earnings?period=all",
      "/api/wallet/earnings.csv?period=all",
    ]) {
      expect((await get(url, agent)).statusCode).toBe(403);
      expect((await get(url, null)).statusCode).toBe(401);
    }
  });
});

describe("recent transactions", slow, () => {
  it("name each statement's stores and months, reversals as debits, newest first", async () => {
    const { artist, trackIds } = await artistWithTracks("Transactions Artist");
    const other = await artistWithTracks("Someone Else");
    const [night, monsoon] = trackIds as [string, string];
    const first = await postStatement(
      db(),
      [
        group(artist.id, night, { store: "JioSaavn", saleMonth: "2026-10", artistPaise: 5_000 }),
        group(artist.id, monsoon, { store: "Spotify", saleMonth: "2026-10", artistPaise: 2_500 }),
        // Someone else's line in the same statement: never in this wallet.
        group(other.artist.id, other.trackIds[0]!, {
          store: "Gaana",
          saleMonth: "2025-01",
          artistPaise: 99_999,
        }),
      ],
      Date.now() - 3_000,
    );
    await postStatement(
      db(),
      [
        group(artist.id, night, { saleMonth: "2026-09", artistPaise: 700 }),
        group(artist.id, night, { saleMonth: "2026-10", country: "US", artistPaise: 300 }),
      ],
      Date.now() - 2_000,
    );
    await reverseStatement(db(), first.statementId, Date.now() - 1_000);

    const page = (await get("/api/wallet/transactions", artist)).json<WalletTransactionPage>();
    expect(page.nextCursor).toBeNull();
    expect(
      page.items.map(({ kind, description, amountPaise }) => [kind, description, amountPaise]),
    ).toEqual([
      ["reversal", "Earnings reversed · Spotify, JioSaavn · Oct 2026", -7_500],
      ["earnings", "Earnings · Spotify · Sep–Oct 2026", 1_000],
      ["earnings", "Earnings · Spotify, JioSaavn · Oct 2026", 7_500],
    ]);
    expect((await get("/api/wallet", artist)).json<WalletSummary>().balancePaise).toBe(1_000);
    // The other artist's wallet holds only their own line.
    const theirs = (
      await get("/api/wallet/transactions", other.artist)
    ).json<WalletTransactionPage>();
    expect(theirs.items.map((i) => [i.description, i.amountPaise])).toEqual([
      ["Earnings reversed · Gaana · Jan 2025", -99_999],
      ["Earnings · Gaana · Jan 2025", 99_999],
    ]);
  });

  it("come in pages by key, newest first, with nothing repeated or skipped", async () => {
    const { artist, trackIds } = await artistWithTracks("Paged Artist");
    const base = Date.now() - 100_000;
    const postings: string[] = [];
    for (let i = 0; i < 23; i++) {
      // Two postings share each instant: the id breaks the tie.
      const at = base + Math.floor(i / 2) * 1_000;
      const { postingId } = await postStatement(
        db(),
        [group(artist.id, trackIds[0]!, { saleMonth: "2026-01", artistPaise: 100 + i })],
        at,
      );
      postings.push(postingId);
    }
    const first = (await get("/api/wallet/transactions", artist)).json<WalletTransactionPage>();
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await get(`/api/wallet/transactions?cursor=${encodeURIComponent(first.nextCursor!)}`, artist)
    ).json<WalletTransactionPage>();
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((i) => i.id))).toEqual(new Set(postings));
    const order = all.map((i) => [i.at, i.id] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : -1));
    expect(order).toEqual(sorted);
    expect((await get("/api/wallet/transactions?cursor=nonsense", artist)).statusCode).toBe(400);
  });
});

describe("the earnings breakdown", slow, () => {
  it("sums by sale month, store, country and track; a reversed statement nets out", async () => {
    const { artist, trackIds } = await artistWithTracks("Breakdown Artist");
    const [night, monsoon] = trackIds as [string, string];
    const thisMonth = monthFromNow(0);
    const lastMonth = monthFromNow(-1);
    await postStatement(db(), [
      group(artist.id, night, { saleMonth: thisMonth, artistPaise: 10_000, quantity: 1_000 }),
      group(artist.id, night, {
        saleMonth: lastMonth,
        store: "JioSaavn",
        country: "US",
        artistPaise: 4_000,
        quantity: 300,
      }),
      group(artist.id, monsoon, {
        saleMonth: lastMonth,
        country: "",
        artistPaise: -50,
        quantity: 0,
      }),
    ]);
    const reversed = await postStatement(db(), [
      group(artist.id, monsoon, { saleMonth: thisMonth, artistPaise: 77_777, quantity: 9_999 }),
    ]);
    await reverseStatement(db(), reversed.statementId);

    const response = await get("/api/wallet/earnings?period=last12", artist);
    expect(response.statusCode).toBe(200);
    const breakdown = response.json<EarningsBreakdown>();
    expect(breakdown.period).toBe("last12");
    expect([breakdown.from, breakdown.to]).toEqual([monthFromNow(-11), thisMonth]);
    expect(breakdown.totalPaise).toBe(13_950);
    // Every month of the last 12, oldest first, the quiet ones at zero.
    expect(breakdown.byMonth).toHaveLength(12);
    expect(breakdown.byMonth.slice(-2).map((r) => [r.key, r.quantity, r.amountPaise])).toEqual([
      [lastMonth, 300, 3_950],
      [thisMonth, 1_000, 10_000],
    ]);
    expect(breakdown.byMonth[0]).toMatchObject({ key: monthFromNow(-11), amountPaise: 0 });
    expect(breakdown.byStore.map((r) => [r.key, r.label, r.quantity, r.amountPaise])).toEqual([
      ["Spotify", "Spotify", 1_000, 9_950],
      ["JioSaavn", "JioSaavn", 300, 4_000],
    ]);
    expect(breakdown.byCountry.map((r) => [r.key, r.label, r.amountPaise])).toEqual([
      ["IN", "India", 10_000],
      ["US", "United States", 4_000],
      ["Unknown", "Unknown", -50],
    ]);
    expect(
      breakdown.byTrack.map((r) => [r.key, r.label, r.isrc, r.quantity, r.amountPaise]),
    ).toEqual([
      [night, "Night Drive", "IN-A1B-26-00001", 1_300, 14_000],
      [monsoon, "Monsoon (Acoustic)", "IN-A1B-26-00002", 0, -50],
    ]);
  });

  it("keeps to the Indian financial year, April to March", async () => {
    const { artist, trackIds } = await artistWithTracks("Financial Year Artist");
    const start = financialYearStart();
    const before = `${Number(start.slice(0, 4))}-03`;
    await postStatement(db(), [
      group(artist.id, trackIds[0]!, { saleMonth: start, artistPaise: 1_000 }),
      group(artist.id, trackIds[0]!, { saleMonth: before, artistPaise: 20_000 }),
      group(artist.id, trackIds[0]!, { saleMonth: "2019-06", artistPaise: 300_000 }),
    ]);
    const year = (
      await get("/api/wallet/earnings?period=financialYear", artist)
    ).json<EarningsBreakdown>();
    expect([year.from, year.to]).toEqual([start, `${Number(start.slice(0, 4)) + 1}-03`]);
    expect(year.totalPaise).toBe(1_000);
    expect(year.byMonth[0]).toMatchObject({ key: start, amountPaise: 1_000 });
    expect(year.byMonth.map((r) => r.key)).not.toContain(before);

    const all = (await get("/api/wallet/earnings?period=all", artist)).json<EarningsBreakdown>();
    expect([all.from, all.to]).toEqual([null, null]);
    expect(all.totalPaise).toBe(321_000);
    expect(all.byMonth[0]).toMatchObject({ key: "2019-06", label: "Jun 2019" });

    expect((await get("/api/wallet/earnings?period=decade", artist)).statusCode).toBe(400);
  });

  it("moves when a new posting is heard, past the cached sums", async () => {
    const { artist, trackIds } = await artistWithTracks("Cached Artist");
    const url = "/api/wallet/earnings?period=all";
    await postStatement(db(), [
      group(artist.id, trackIds[0]!, { saleMonth: "2026-02", artistPaise: 500 }),
    ]);
    expect((await get(url, artist)).json<EarningsBreakdown>().totalPaise).toBe(500);
    const { statementId, postingId } = await postStatement(db(), [
      group(artist.id, trackIds[0]!, { saleMonth: "2026-02", artistPaise: 250 }),
    ]);
    await t.app.ctx.events.emit("ledger.posted", {
      postingId,
      kind: "statement",
      statementId,
      artistIds: [artist.id],
    });
    expect((await get(url, artist)).json<EarningsBreakdown>().totalPaise).toBe(750);
  });
});

describe("the earnings CSV", slow, () => {
  it("streams the artist's lines with the exact header, every cell quoted and formula-safe", async () => {
    const artist = await createUser(t.app, "Csv Artist");
    const { trackIds } = await insertApprovedRelease(db(), artist.id, "Formulas", [
      { title: '=HYPERLINK("http://x","y")', isrc: "IN-A1B-26-00009" },
    ]);
    const other = await artistWithTracks("Csv Other");
    await postStatement(db(), [
      group(artist.id, trackIds[0]!, {
        saleMonth: "2026-10",
        store: "JioSaavn",
        country: "IN",
        quantity: 1_234,
        artistPaise: 123_456_789,
      }),
      group(artist.id, trackIds[0]!, { saleMonth: "2026-09", country: "", artistPaise: -5 }),
      group(other.artist.id, other.trackIds[0]!, { saleMonth: "2026-10", artistPaise: 42 }),
    ]);
    const reversed = await postStatement(db(), [
      group(artist.id, trackIds[0]!, { saleMonth: "2026-08", artistPaise: 999 }),
    ]);
    await reverseStatement(db(), reversed.statementId);

    const response = await get("/api/wallet/earnings.csv?period=all", artist);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="earnings-all.csv"');
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.body.split("\r\n")).toEqual([
      "Sale month,Store,Country,Track,ISRC,Quantity,Amount (Rs.)",
      '"2026-10","JioSaavn","IN","\'=HYPERLINK(""http://x"",""y"")","IN-A1B-26-00009","1234","1234567.89"',
      '"2026-09","Spotify","Unknown","\'=HYPERLINK(""http://x"",""y"")","IN-A1B-26-00009","100","\'-0.05"',
      "",
    ]);
  });

  it("reads a long history batch by batch, every line once, within the period", async () => {
    const { artist, trackIds } = await artistWithTracks("Long Csv Artist");
    const months = Array.from({ length: 14 }, (_, i) => monthFromNow(-i));
    await postStatement(
      db(),
      months.map((saleMonth, i) =>
        group(artist.id, trackIds[i % 2]!, { saleMonth, artistPaise: 100 + i }),
      ),
    );
    const user = (await t.app.ctx.sessions.read({ cookie: artist.cookie }))!.user;
    const wallet = new WalletService({ db: db(), csvBatch: 3 });
    let text = "";
    for await (const chunk of wallet.earningsCsv(user, "last12")) text += chunk;
    const lines = text.split("\r\n").slice(1, -1);
    // The last 12 months: this one and the 11 before, not the two older ones.
    expect(lines).toHaveLength(12);
    expect(new Set(lines.map((l) => l.slice(1, 8)))).toEqual(new Set(months.slice(0, 12)));
    let all = "";
    for await (const chunk of wallet.earningsCsv(user, "all")) all += chunk;
    expect(all.split("\r\n").slice(1, -1)).toHaveLength(14);
    expect(() => wallet.earningsCsv({ ...user, admin: true }, "all")).toThrow(
      WALLET_ARTISTS_ONLY_MESSAGE,
    );
  });
});

describe("a song's earnings", slow, () => {
  it("are its tracks' streams and the artist's money, for the artist and agents only", async () => {
    const { artist, trackIds, songIds } = await artistWithTracks("Song Artist");
    const stranger = await createUser(t.app, "Song Stranger");
    await postStatement(db(), [
      group(artist.id, trackIds[0]!, { saleMonth: "2026-10", quantity: 1_500, artistPaise: 8_000 }),
      group(artist.id, trackIds[0]!, {
        saleMonth: "2026-09",
        store: "Gaana",
        quantity: 500,
        artistPaise: 2_000,
      }),
      group(artist.id, trackIds[1]!, { saleMonth: "2026-10", quantity: 7, artistPaise: 70 }),
    ]);
    const url = `/api/songs/${songIds[0]}/earnings`;
    const own = await get(url, artist);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ streams: 2_000, earningsPaise: 10_000 });
    expect((await get(url, agent)).json()).toEqual({ streams: 2_000, earningsPaise: 10_000 });
    expect((await get(url, stranger)).statusCode).toBe(404);
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(`/api/songs/${crypto.randomUUID()}/earnings`, agent)).statusCode).toBe(404);
  });
});

describe("an artist's balance on the desk", slow, () => {
  it("shows every agent the balance and the last credit, read-only; artists 403", async () => {
    const { artist, trackIds } = await artistWithTracks("Desk Balance Artist");
    const url = `/api/desk/artists/${artist.id}/balance`;
    expect((await get(url, agent)).json()).toEqual({ balancePaise: 0, lastCredit: null });
    const at = Date.now() - 5_000;
    await postStatement(
      db(),
      [group(artist.id, trackIds[0]!, { saleMonth: "2026-10", artistPaise: 4_200 })],
      at,
    );
    const later = await postStatement(db(), [
      group(artist.id, trackIds[0]!, { saleMonth: "2026-11", artistPaise: 100 }),
    ]);
    await reverseStatement(db(), later.statementId);
    expect((await get(url, agent)).json<ArtistBalance>()).toEqual({
      balancePaise: 4_200,
      lastCredit: {
        amountPaise: 100,
        description: "Earnings · Spotify · Nov 2026",
        at: expect.any(Number),
      },
    });
    const refused = await get(url, artist);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(statementMessages.agentsOnly);
    expect((await get(url, null)).statusCode).toBe(401);
    const missing = await get(`/api/desk/artists/${agent.id}/balance`, agent);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(statementMessages.artistNotFound);
  });
});
