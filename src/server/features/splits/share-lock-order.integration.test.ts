import { randomBytes } from "node:crypto";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrackSplits } from "../../../shared/responses/splits";
import type { StatementDetail } from "../../../shared/responses/statements";
import { byCodeUnit } from "../../../shared/code-unit-order";
import { paiseFromDb } from "../../../shared/paise";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
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
import {
  ORIGIN,
  STRONG_PASSWORD,
  createTestApp,
  testDatabaseUrl,
  uniqueEmail,
  type TestApp,
} from "../../test/test-app";
import { booksDisagreeing } from "../statements/statement-check-service";

/*
 * Every step that changes split shares takes their rows in one order, share
 * id by code unit (decision 137): a statement's reversal (and its import and
 * assignments, which lock alike), a save of a track's splits and an account
 * deletion. Two of them that share two shares then wait for each other on
 * PostgreSQL instead of one failing as a deadlock's victim. Shown by holding
 * the first share a step needs: it must wait there holding none of the
 * others. The shares' ids are chosen against both their emails' order and
 * their storage order, so no plan passes by chance. And a statement's step
 * holds its tracks' split rows: a save cannot add a share to them halfway;
 * a track's first save (no split row yet) adds one the import does not pay
 * (decision 138); a deletion ends only the shares it locked, never one saved
 * meanwhile.
 */

let t: TestApp;
let financeCookie: string;
let watcher: pg.Client;
let nextIsrc = 10;

const db = () => t.app.ctx.database.db;

interface Track {
  artist: TestUser;
  isrc: string;
  url: string;
}

async function trackOf(artist: TestUser): Promise<Track> {
  nextIsrc += 1;
  const isrc = `INA1B26${String(nextIsrc).padStart(5, "0")}`;
  const { releaseId, trackIds } = await insertClaimedRelease(db(), artist.id, {
    upc: `89012345${String(nextIsrc).padStart(5, "0")}`,
    tracks: [{ title: `Song ${isrc}`, isrc }],
  });
  return { artist, isrc, url: `/api/releases/${releaseId}/tracks/${trackIds[0]}/splits` };
}

const put = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: "PUT", url, headers: { cookie: user.cookie, origin: ORIGIN }, payload });

async function saveSplits(track: Track, collaborators: { email: string; share: string }[]) {
  const saved = await put(track.artist, track.url, { collaborators });
  expect(saved.statusCode).toBe(200);
  return saved.json<TrackSplits>();
}

/**
 * Gives the shares (in the order given) ids in falling order, then rewrites
 * their rows lowest id last, as other steps leave them: the index's order
 * and the table's storage order are both against the id order. Returns the
 * new ids, lowest first.
 */
async function idsAgainstTheirOrder(shareIds: readonly string[]): Promise<string[]> {
  const tail = randomBytes(6).toString("hex");
  const renamed = shareIds.map((_, i) => `${"fedcba"[i]!.repeat(8)}-0000-4000-8000-${tail}`);
  for (const [i, id] of shareIds.entries()) {
    await watcher.query(`update split_share set id = $2 where id = $1`, [id, renamed[i]]);
  }
  for (const id of renamed) {
    await watcher.query(`update split_share set "updatedAt" = "updatedAt" where id = $1`, [id]);
  }
  // Checked, not assumed: a scan in storage order meets the highest id first.
  const stored = await watcher.query<{ id: string }>(
    `select id from split_share where id = any($1) order by ctid`,
    [renamed],
  );
  expect(stored.rows.map((r) => r.id)).toEqual(renamed);
  return [...renamed].reverse();
}

/** Waits until the step waits behind the lock; then every other share must be free. */
async function othersAreFree(lockPid: number, others: readonly string[]) {
  await waitUntil(async () => (await waitingBehind(watcher, lockPid)) >= 1, "the step waits");
  expect(await rowsFreeNow(t.app, "split_share", others)).toBe(others.length);
}

const holdShare = (id: string) =>
  holdLock(t.app, `select id from split_share where id = $1 for update`, [id]);

const waitsBehind = (pid: number, count: number, what: string) =>
  waitUntil(async () => (await waitingBehind(watcher, pid)) >= count, what);

/** One sale of the track in a month: 100 rupees, 8,500 paise at the default rate. */
const sale = (track: Track, month = "2026-10") => `${track.isrc},Spotify,IN,${month},10,100,INR`;

/** A statement of these lines, uploaded and previewed: its id. */
const previewed = async (lines: string[]) =>
  (await previewAsProposed(t.app, financeCookie, statementFile(lines))).id;

/** An account's balance in paise; null when the account was never made. */
async function balance(accountId: string): Promise<number | null> {
  const { rows } = await watcher.query<{ balance: unknown }>(
    `select balance from ledger_account where id = $1`,
    [accountId],
  );
  return rows[0] ? paiseFromDb(rows[0].balance) : null;
}

const makeWallet = (user: TestUser) =>
  watcher.query(
    `insert into ledger_account (id, kind, "ownerId", balance, "createdAt")
     values ($1, 'artist', $2, 0, 0)`,
    [`artist:${user.id}`, user.id],
  );

const holdWallet = (user: TestUser) =>
  holdLock(t.app, `select id from ledger_account where id = $1 for update`, [`artist:${user.id}`]);

const deleteAccount = (user: TestUser) =>
  watched(
    t.app.inject({
      method: "POST",
      url: "/api/account/delete",
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: { password: STRONG_PASSWORD, confirm: "DELETE" },
    }),
  );

/** The user's deletion, held at their own wallet: it has read and locked their shares by then. */
async function deletionHeldAtOwnWallet(user: TestUser) {
  await makeWallet(user);
  const lock = await holdWallet(user);
  const deleting = deleteAccount(user);
  await waitsBehind(lock.pid, 1, "the deletion waits");
  return { lock, deleting };
}

beforeAll(async () => {
  t = await createTestApp();
  financeCookie = (await createFinanceAgent(t.app)).cookie;
}, 60_000);
afterAll(() => t.close());

describe.skipIf(!testDatabaseUrl)("steps take split shares' rows in id order", () => {
  beforeAll(async () => {
    expect(t.app.ctx.database.dialect).toBe("postgres");
    watcher = await connect(t.app);
  });
  afterAll(() => watcher.end());

  it("a reversal waiting for its first share holds none of the others", async () => {
    const track = await trackOf(await createUser(t.app, "Reversing Artist"));
    const saved = await saveSplits(track, [
      { email: uniqueEmail("a"), share: "10" },
      { email: uniqueEmail("b"), share: "20" },
      { email: uniqueEmail("c"), share: "30" },
    ]);
    const [first, ...rest] = await idsAgainstTheirOrder(saved.collaborators.map((c) => c.id));
    const detail = await importStatement(t.app, financeCookie, await previewed([sale(track)]));
    const lock = await holdShare(first!);
    const reversing = watched(
      ask(t.app, financeCookie, "POST", `/api/desk/statements/${detail.id}/reverse`),
    );
    await othersAreFree(lock.pid, rest);
    expect(reversing.settled).toBe(false);
    await lock.release();
    const reversed = await reversing.promise;
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json<StatementDetail>().state).toBe("reversed");
  });

  it("a save adding a collaborator waits for a statement's step on the track to end", async () => {
    const track = await trackOf(await createUser(t.app, "Waiting Artist"));
    const first = uniqueEmail("a");
    await saveSplits(track, [{ email: first, share: "10" }]);
    const detail = await importStatement(t.app, financeCookie, await previewed([sale(track)]));
    // The share removed: the save below has no live share to wait for, only the track's row.
    await saveSplits(track, []);
    // The reversal stops at the artist's wallet, after it has locked the track's splits.
    const lock = await holdWallet(track.artist);
    const reversing = watched(
      ask(t.app, financeCookie, "POST", `/api/desk/statements/${detail.id}/reverse`),
    );
    await waitsBehind(lock.pid, 1, "the reversal waits");
    const second = uniqueEmail("b");
    const saving = watched(
      put(track.artist, track.url, { collaborators: [{ email: second, share: "20" }] }),
    );
    await waitsBehind(lock.pid, 2, "the save waits");
    expect(saving.settled).toBe(false);
    await lock.release();
    expect((await reversing.promise).statusCode).toBe(200);
    const saved = await saving.promise;
    expect(saved.statusCode).toBe(200);
    expect(saved.json<TrackSplits>().collaborators.map((c) => c.email)).toEqual([second]);
  });

  it("a save waiting for its first share holds none of the others", async () => {
    const track = await trackOf(await createUser(t.app, "Saving Artist"));
    const [kept, dropped] = [uniqueEmail("a"), uniqueEmail("b")];
    const saved = await saveSplits(track, [
      { email: kept, share: "10" },
      { email: dropped, share: "20" },
    ]);
    const byEmail = (email: string) => saved.collaborators.find((c) => c.email === email)!.id;
    // The kept share gets the lower id: the save changes it, and removes the other first.
    const [low, high] = await idsAgainstTheirOrder([byEmail(dropped), byEmail(kept)]);
    const lock = await holdShare(low!);
    const saving = watched(
      put(track.artist, track.url, { collaborators: [{ email: kept, share: "15" }] }),
    );
    await othersAreFree(lock.pid, [high!]);
    expect(saving.settled).toBe(false);
    await lock.release();
    const answer = await saving.promise;
    expect(answer.statusCode).toBe(200);
    expect(answer.json<TrackSplits>().collaborators.map((c) => [c.id, c.email])).toEqual([
      [low, kept],
    ]);
  });

  it("a deletion waiting for its first share holds none of the others", async () => {
    const collaborator = await createUser(t.app, "Leaving Collaborator");
    const owner = await createUser(t.app, "Sharing Artist");
    const shareIds: string[] = [];
    for (const track of [await trackOf(owner), await trackOf(owner)]) {
      const saved = await saveSplits(track, [{ email: collaborator.email, share: "25" }]);
      shareIds.push(saved.collaborators[0]!.id);
    }
    const [first, ...rest] = await idsAgainstTheirOrder(shareIds);
    const lock = await holdShare(first!);
    const deleting = deleteAccount(collaborator);
    await othersAreFree(lock.pid, rest);
    expect(deleting.settled).toBe(false);
    await lock.release();
    expect((await deleting.promise).statusCode).toBe(200);
    const { rows } = await watcher.query<{ state: string }>(
      `select state from split_share where id = any($1)`,
      [[first, ...rest]],
    );
    expect(rows.map((r) => r.state)).toEqual(["removed", "removed"]);
  });

  it("a deletion makes the wallet held money returns to before it locks the wallets", async () => {
    const [one, two] = [
      await createUser(t.app, "Person One"),
      await createUser(t.app, "Person Two"),
    ];
    // The collaborator's wallet comes first in id order: the deletion is held there.
    const [collaborator, owner] = byCodeUnit(one.id, two.id) < 0 ? [one, two] : [two, one];
    await saveSplits(await trackOf(owner), [{ email: collaborator.email, share: "25" }]);
    const wallet = `artist:${owner.id}`;
    expect(await rowsFreeNow(t.app, "ledger_account", [wallet])).toBe(0);
    const { lock, deleting } = await deletionHeldAtOwnWallet(collaborator);
    // Made in the deletion's transaction: another insert of it waits for that.
    const other = await connect(t.app);
    try {
      await other.query("begin");
      await other.query("set local lock_timeout = '300ms'");
      await expect(
        other.query(
          `insert into ledger_account (id, kind, "ownerId", balance, "createdAt")
           values ($1, 'artist', $2, 0, 0)`,
          [wallet, owner.id],
        ),
      ).rejects.toThrow("lock timeout");
    } finally {
      await other.query("rollback").catch(() => {});
      await other.end();
    }
    await lock.release();
    expect((await deleting.promise).statusCode).toBe(200);
  });

  it("a deletion ends the shares it locked; an invitation saved meanwhile stays", async () => {
    const collaborator = await createUser(t.app, "Leaving Later");
    const early = await trackOf(await createUser(t.app, "Early"));
    const first = (await saveSplits(early, [{ email: collaborator.email, share: "25" }]))
      .collaborators[0]!.id;
    const { lock, deleting } = await deletionHeldAtOwnWallet(collaborator);
    const saved = await saveSplits(await trackOf(await createUser(t.app, "Late")), [
      { email: collaborator.email, share: "30" },
    ]);
    const second = saved.collaborators[0]!.id;
    await lock.release();
    expect((await deleting.promise).statusCode).toBe(200);
    const { rows } = await watcher.query<{ id: string; state: string }>(
      `select id, state from split_share where id = any($1)`,
      [[first, second]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.state]))).toEqual({
      [first]: "removed",
      [second]: "invited",
    });
  });

  it("a track's first save during an import is not paid by it, and nothing stays held", async () => {
    const [artist, other] = [
      await createUser(t.app, "First Split"),
      await createUser(t.app, "Other"),
    ];
    const collaborator = await createUser(t.app, "Collaborator");
    const [track, otherTrack] = [await trackOf(artist), await trackOf(other)];
    // An earlier statement makes the artist's wallet and the label's, stores' accounts.
    await importStatement(t.app, financeCookie, await previewed([sale(track, "2026-09")]));
    expect(await balance(`artist:${artist.id}`)).toBe(8_500);
    const id = await previewed([sale(track), sale(otherTrack)]);
    // The import stops first where it makes the other artist's wallet (after its locks),
    const making = await holdLock(
      t.app,
      `insert into ledger_account (id, kind, "ownerId", balance, "createdAt")
       values ($1, 'artist', $2, 0, 0)`,
      [`artist:${other.id}`, other.id],
    );
    // then at the stores' balance (after it has read the shares and written its entries).
    const stores = await holdLock(
      t.app,
      `select id from ledger_account where id = 'stores' for update`,
      [],
    );
    const importing = watched(importStatement(t.app, financeCookie, id));
    await waitsBehind(making.pid, 1, "the import waits");
    const saved = await saveSplits(track, [{ email: collaborator.email, share: "20" }]);
    const shareId = saved.collaborators[0]!.id;
    await making.release();
    await waitsBehind(stores.pid, 1, "the import waits again");
    // Accepted before the import commits: money held for it now would be stranded.
    const accepted = await t.app.inject({
      method: "POST",
      url: `/api/wallet/splits/${shareId}/accept`,
      headers: { cookie: collaborator.cookie, origin: ORIGIN },
    });
    expect(accepted.statusCode).toBe(200);
    expect(importing.settled).toBe(false);
    await stores.release();
    expect((await importing.promise).state).toBe("imported");

    expect(await balance(`split:${shareId}`)).toBeNull();
    expect(await balance(`artist:${artist.id}`)).toBe(17_000);
    expect(await balance(`artist:${collaborator.id}`)).toBe(0);
    expect(await booksDisagreeing(db())).toEqual([]);
  });
});
