/**
 * PostgreSQL (decision 116): the wallet keeps each artist's summary while
 * the database's notices of ledger changes are heard, forgets it at a
 * commit of any process (no domain event: the shell's statement import),
 * and forgets everything when the notices' connection drops, since notices
 * may have been missed meanwhile; the connection comes back by itself and
 * health reports it. Runs in the PostgreSQL pass (TEST_DATABASE_URL).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WalletSummary } from "../../../shared/responses/wallet";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import {
  insertApprovedRelease,
  postStatement,
  type FixtureGroup,
} from "../../test/ledger-fixtures";
import { ORIGIN, createTestApp, testDatabaseUrl, type TestApp } from "../../test/test-app";
import { creditArtist, savePayoutDetails } from "../../test/withdrawal-fixtures";

const slow = { timeout: 60_000 };

describe.skipIf(!testDatabaseUrl)("the wallet on PostgreSQL's ledger notices", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, undefined, { PAYOUT_DETAILS_HOLD_HOURS: "0" });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.app.ctx.database.db;
  const notices = () => t.app.ctx.ledgerNotices!;
  const balance = async (artist: TestUser) =>
    (
      await t.app.inject({ url: "/api/wallet", headers: { cookie: artist.cookie } })
    ).json<WalletSummary>().balancePaise;
  const health = async () =>
    (await t.app.inject({ url: "/api/health" })).json<{
      status: string;
      ledgerNotices?: { status: string; engine: string };
    }>();
  const listenerPid = async (): Promise<number | undefined> => {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where application_name = ${`portal-notices-${t.app.ctx.database.schema}`}
    `.execute(db());
    return rows[0]?.pid;
  };

  async function artistEarning(name: string) {
    const artist = await createUser(t.app, name);
    const { trackIds } = await insertApprovedRelease(db(), artist.id, `${name} EP`, [
      { title: "Night Drive", isrc: "IN-A1B-26-00001" },
    ]);
    const group = (artistPaise: number): FixtureGroup => ({
      artistId: artist.id,
      trackId: trackIds[0]!,
      store: "Spotify",
      country: "IN",
      saleMonth: "2026-10",
      quantity: 10,
      artistPaise,
    });
    return { artist, credit: (paise: number) => postStatement(db(), [group(paise)]) };
  }

  /** A posting whose notice never comes (the trigger off): only a kept summary hides it. */
  async function creditUnheard(credit: () => Promise<unknown>) {
    await sql`alter table ledger_account disable trigger ledger_account_changed`.execute(db());
    try {
      await credit();
    } finally {
      await sql`alter table ledger_account enable trigger ledger_account_changed`.execute(db());
    }
  }

  it(
    "keeps the summary while notices are heard, and forgets it at any commit's notice",
    slow,
    async () => {
      const { artist, credit } = await artistEarning("Kept Artist");
      expect((await health()).ledgerNotices).toEqual({ status: "ok", engine: "postgres-listen" });
      expect(await balance(artist)).toBe(0);

      await creditUnheard(() => credit(5_000));
      await notices().heardSoFar();
      expect(await balance(artist)).toBe(0); // kept: no read reached the database

      // No domain event, as from the shell's import: the commit's notice alone
      // forgets it, well before the summary's 10 s TTL.
      await credit(700);
      await expect.poll(() => balance(artist), { timeout: 3_000 }).toBe(5_700);
    },
  );

  it(
    "forgets everything when the notices' connection drops, and listens again by itself",
    slow,
    async () => {
      const { artist, credit } = await artistEarning("Gap Artist");
      expect(await balance(artist)).toBe(0);
      const before = await listenerPid();
      expect(before).toBeDefined();

      await sql`select pg_terminate_backend(${before})`.execute(db());
      // A change made while nobody listened: its notice is lost for good.
      await creditUnheard(() => credit(2_500));
      await expect
        .poll(async () => (await listenerPid()) ?? before, { timeout: 10_000 })
        .not.toBe(before);
      await expect.poll(async () => (await health()).ledgerNotices?.status).toBe("ok");
      expect(await balance(artist)).toBe(2_500);

      // Listening again, it keeps again.
      await creditUnheard(() => credit(1));
      await notices().heardSoFar();
      expect(await balance(artist)).toBe(2_500);
    },
  );

  it("forgets the artist's summary at their own withdrawal, before any notice", slow, async () => {
    const artist = await createUser(t.app, "Withdrawing Artist");
    await creditArtist(t.app, artist.id, 100_000);
    await savePayoutDetails(t.app, artist, { upiId: "withdrawing@okaxis" });
    await notices().heardSoFar();
    expect(await balance(artist)).toBe(100_000);
    // The trigger off: only the withdrawal's own event can forget what was kept.
    await sql`alter table ledger_account disable trigger ledger_account_changed`.execute(db());
    try {
      const asked = await t.app.inject({
        method: "POST",
        url: "/api/wallet/withdrawals",
        headers: { cookie: artist.cookie, origin: ORIGIN },
        payload: { amountPaise: 60_000, idempotencyKey: "withdrawing-1" },
      });
      expect(asked.statusCode).toBe(201);
    } finally {
      await sql`alter table ledger_account enable trigger ledger_account_changed`.execute(db());
    }
    expect(await balance(artist)).toBe(40_000);
  });
});
