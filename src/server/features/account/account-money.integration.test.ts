/**
 * Deleting an account that has money or splits (decision 135), on the
 * engine the suite runs on: money left in the wallet goes only with the
 * user's word for that amount, then to the label in one posting; splits end
 * with the account, so later earnings go to the track's artist and never to
 * an account that is gone; held money returns; `ledger-check` agrees.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { WALLET_NOT_EMPTY_CODE, walletGiveUpMessages as m } from "../../../shared/account-messages";
import type { MySplits, TrackSplits } from "../../../shared/responses/splits";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import {
  insertApprovedRelease,
  postStatementWithTotals as postStatement,
  reverseStatement,
  statementEntries,
  type FixtureGroup,
} from "../../test/ledger-fixtures";
import { connect, holdLock, waitUntil, waitingBehind } from "../../test/pg-row-locks";
import {
  ORIGIN,
  STRONG_PASSWORD,
  createTestApp,
  testDatabaseUrl,
  uniqueEmail,
  type TestApp,
} from "../../test/test-app";
import { accountCloseKey } from "../ledger/account-close-postings";
import { booksDisagreeing } from "../statements/statement-check-service";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
});

const slow = { timeout: 120_000 };
const db = () => t.app.ctx.database.db;

const ask = (user: TestUser, method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: user.cookie, ...(method === "GET" ? {} : { origin: ORIGIN }) },
    ...(payload ? { payload } : {}),
  });

const deleteAccount = (user: TestUser, giveUpPaise?: number) =>
  ask(user, "POST", "/api/account/delete", {
    password: STRONG_PASSWORD,
    confirm: "DELETE",
    ...(giveUpPaise === undefined ? {} : { giveUpPaise }),
  });

async function balanceOf(accountId: string): Promise<number> {
  const row = await db()
    .selectFrom("ledger_account")
    .select("balance")
    .where("id", "=", accountId)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

interface Owner {
  artist: TestUser;
  trackId: string;
  splitsUrl: string;
}

async function ownerWithTrack(name: string): Promise<Owner> {
  const artist = await createUser(t.app, name);
  const { releaseId, trackIds } = await insertApprovedRelease(db(), artist.id, `${name} EP`, [
    { title: "Night Drive", isrc: "IN-A1B-26-00001" },
  ]);
  const trackId = trackIds[0]!;
  return { artist, trackId, splitsUrl: `/api/releases/${releaseId}/tracks/${trackId}/splits` };
}

const sale = (o: Owner, artistPaise: number): FixtureGroup => ({
  artistId: o.artist.id,
  trackId: o.trackId,
  store: "Spotify",
  country: "IN",
  saleMonth: "2026-10",
  quantity: 10,
  artistPaise,
});

/** The owner shares the track with this email: the share's id. */
async function share(o: Owner, email: string, percent: string): Promise<string> {
  const saved = await ask(o.artist, "PUT", o.splitsUrl, {
    collaborators: [{ email, share: percent }],
  });
  expect(saved.statusCode).toBe(200);
  return saved.json<TrackSplits>().collaborators.find((c) => c.email === email)!.id;
}

async function stateOf(shareId: string) {
  const row = await db()
    .selectFrom("split_share")
    .select("state")
    .where("id", "=", shareId)
    .executeTakeFirstOrThrow();
  return row.state;
}

describe("an account with money in its wallet", slow, () => {
  it("is deleted only with the user's word for that amount; the balance goes to the label", async () => {
    const o = await ownerWithTrack("Leaving Owner");
    const heldShare = await share(o, uniqueEmail("pending"), "40");
    await postStatement(db(), [sale(o, 1_000)]);
    const artistAccount = `artist:${o.artist.id}`;
    expect(await balanceOf(artistAccount)).toBe(600);
    expect(await balanceOf(`split:${heldShare}`)).toBe(400);
    const labelBefore = await balanceOf("label");

    const unasked = await deleteAccount(o.artist);
    expect(unasked.statusCode).toBe(409);
    expect(unasked.json()).toMatchObject({ message: m.refused(600), code: WALLET_NOT_EMPTY_CODE });
    expect(unasked.json().message).toBe(
      "Your wallet holds Rs.6.00. Withdraw it first, or confirm that you give it up.",
    );
    const stale = await deleteAccount(o.artist, 500);
    expect(stale.statusCode).toBe(409);
    expect((await ask(o.artist, "GET", "/api/wallet")).statusCode).toBe(200);

    expect((await deleteAccount(o.artist, 600)).statusCode).toBe(200);
    // What was held for the invitation came back first, and went with the rest.
    expect(await stateOf(heldShare)).toBe("removed");
    expect(await balanceOf(`split:${heldShare}`)).toBe(0);
    expect(await balanceOf(artistAccount)).toBe(0);
    expect((await balanceOf("label")) - labelBefore).toBe(1_000);
    const close = await db()
      .selectFrom("ledger_posting as p")
      .innerJoin("ledger_entry as e", "e.postingId", "p.id")
      .select(["e.accountId", "e.amount"])
      .where("p.idempotencyKey", "=", accountCloseKey(o.artist.id))
      .orderBy("e.amount")
      .execute();
    expect(close.map((e) => [e.accountId, e.amount])).toEqual([
      [artistAccount, -1_000],
      ["label", 1_000],
    ]);
    expect(await booksDisagreeing(db())).toEqual([]);
  });

  it("needs no word when the wallet is empty", async () => {
    const user = await createUser(t.app, "Empty Wallet");
    expect((await deleteAccount(user)).statusCode).toBe(200);
    const posted = await db()
      .selectFrom("ledger_posting")
      .select("id")
      .where("idempotencyKey", "=", accountCloseKey(user.id))
      .execute();
    expect(posted).toEqual([]);
  });
});

describe("a collaborator's account deleted", slow, () => {
  it("ends an accepted share: later earnings of the track go to its artist, none to the gone account", async () => {
    const o = await ownerWithTrack("Staying Owner");
    const collaborator = await createUser(t.app, "Leaving Collaborator");
    const shareId = await share(o, collaborator.email, "40");
    await postStatement(db(), [sale(o, 1_000)]);
    const listed = (await ask(collaborator, "GET", "/api/wallet/splits")).json<MySplits>();
    expect(listed.invitations.map((i) => i.id)).toEqual([shareId]);
    expect(
      (await ask(collaborator, "POST", `/api/wallet/splits/${shareId}/accept`)).statusCode,
    ).toBe(200);
    expect(await balanceOf(`artist:${collaborator.id}`)).toBe(400);

    expect((await deleteAccount(collaborator)).statusCode).toBe(409);
    expect((await deleteAccount(collaborator, 400)).statusCode).toBe(200);
    expect(await stateOf(shareId)).toBe("removed");
    expect(await balanceOf(`artist:${collaborator.id}`)).toBe(0);

    const { statementId } = await postStatement(db(), [sale(o, 1_000)]);
    const entries = await statementEntries(db(), statementId);
    expect(entries.filter((e) => e.accountId === `artist:${collaborator.id}`)).toEqual([]);
    expect(entries.filter((e) => e.accountId.startsWith("split:"))).toEqual([]);
    expect(
      entries.filter((e) => e.accountId === `artist:${o.artist.id}`).map((e) => e.amount),
    ).toEqual([1_000]);
    expect(await booksDisagreeing(db())).toEqual([]);
  });

  it("returns what was held for an invitation to their email to the track's artist", async () => {
    const o = await ownerWithTrack("Owner Of Held");
    // Invited after the account was made: theirs to accept, though not opened yet.
    const collaborator = await createUser(t.app, "Invited Not Answered");
    const shareId = await share(o, collaborator.email, "25");
    await postStatement(db(), [sale(o, 2_000)]);
    expect(await balanceOf(`artist:${o.artist.id}`)).toBe(1_500);

    expect((await deleteAccount(collaborator)).statusCode).toBe(200);
    expect(await stateOf(shareId)).toBe("removed");
    expect(await balanceOf(`split:${shareId}`)).toBe(0);
    expect(await balanceOf(`artist:${o.artist.id}`)).toBe(2_000);
    const wallet = await ask(o.artist, "GET", "/api/wallet");
    expect(wallet.json<{ balancePaise: number }>().balancePaise).toBe(2_000);
    expect(await booksDisagreeing(db())).toEqual([]);
  });
});

describe("money posted to an account after its deletion", slow, () => {
  /** The close postings made after the deletion, one per posting that moved the account. */
  const laterCloses = (userId: string) =>
    db()
      .selectFrom("ledger_posting")
      .select("idempotencyKey")
      .where("idempotencyKey", "like", `${accountCloseKey(userId)}:%`)
      .execute();

  it("goes to the label too: a statement previewed before, imported after", async () => {
    const o = await ownerWithTrack("Gone Before Import");
    expect((await deleteAccount(o.artist)).statusCode).toBe(200);
    const labelBefore = await balanceOf("label");
    // Its groups were matched to the artist while the account still was.
    const { postingId } = await postStatement(db(), [sale(o, 700)]);
    expect(await balanceOf(`artist:${o.artist.id}`)).toBe(0);
    expect((await balanceOf("label")) - labelBefore).toBe(700);
    expect(await laterCloses(o.artist.id)).toEqual([
      { idempotencyKey: `${accountCloseKey(o.artist.id)}:${postingId}` },
    ]);
    expect(await booksDisagreeing(db())).toEqual([]);
  });

  it("is taken back from the label: a reversal of a statement credited before", async () => {
    const o = await ownerWithTrack("Gone Before Reversal");
    const { statementId } = await postStatement(db(), [sale(o, 900)]);
    const labelBefore = await balanceOf("label");
    expect((await deleteAccount(o.artist, 900)).statusCode).toBe(200);
    expect((await balanceOf("label")) - labelBefore).toBe(900);

    await reverseStatement(db(), statementId);
    expect(await balanceOf(`artist:${o.artist.id}`)).toBe(0);
    expect(await balanceOf("label")).toBe(labelBefore);
    expect(await laterCloses(o.artist.id)).toHaveLength(1);
    expect(await booksDisagreeing(db())).toEqual([]);
  });

  /**
   * Runs `step` while the artist's deletion holds the wallet's row (stopped
   * at the artist's releases) and waits until the step waits for it too;
   * then lets the deletion finish. PostgreSQL only: row locks.
   */
  async function whileDeletionHoldsTheWallet<T>(
    o: Owner,
    giveUpPaise: number,
    step: () => Promise<T>,
  ) {
    const watcher = await connect(t.app);
    onTestFinished(() => watcher.end());
    const lock = await holdLock(t.app, `select id from release where "artistId" = $1 for update`, [
      o.artist.id,
    ]);
    const deleting = deleteAccount(o.artist, giveUpPaise);
    await waitUntil(
      async () => (await waitingBehind(watcher, lock.pid)) >= 1,
      "the deletion waits",
    );
    const stepping = step();
    await waitUntil(async () => (await waitingBehind(watcher, lock.pid)) >= 2, "the step waits");
    await lock.release();
    expect((await deleting).statusCode).toBe(200);
    return stepping;
  }

  // Who is gone is read only once the posting has the rows the deletion held.
  it.skipIf(!testDatabaseUrl)(
    "is taken back from the label: a reversal that waited for the deletion",
    async () => {
      const o = await ownerWithTrack("Gone During Reversal");
      const { statementId } = await postStatement(db(), [sale(o, 800)]);
      const labelBefore = await balanceOf("label");
      await whileDeletionHoldsTheWallet(o, 800, () => reverseStatement(db(), statementId));
      expect(await balanceOf(`artist:${o.artist.id}`)).toBe(0);
      expect(await balanceOf("label")).toBe(labelBefore);
      expect(await laterCloses(o.artist.id)).toHaveLength(1);
      expect(await booksDisagreeing(db())).toEqual([]);
    },
  );

  it.skipIf(!testDatabaseUrl)(
    "goes to the label too: a statement imported while the deletion held the wallet",
    async () => {
      const o = await ownerWithTrack("Gone During Import");
      await postStatement(db(), [sale(o, 300)]);
      const labelBefore = await balanceOf("label");
      await whileDeletionHoldsTheWallet(o, 300, () => postStatement(db(), [sale(o, 700)]));
      expect(await balanceOf(`artist:${o.artist.id}`)).toBe(0);
      expect((await balanceOf("label")) - labelBefore).toBe(1000);
      expect(await laterCloses(o.artist.id)).toHaveLength(1);
      expect(await booksDisagreeing(db())).toEqual([]);
    },
  );
});
