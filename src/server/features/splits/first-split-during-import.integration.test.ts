import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrackSplits } from "../../../shared/responses/splits";
import { ledgerProblems } from "../ledger/ledger-service";
import { splitProblems } from "../ledger/split-postings";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import { connect, holdLock, waitUntil, waitingBehind, watched } from "../../test/pg-row-locks";
import {
  createFinanceAgent,
  importStatement,
  insertClaimedRelease,
  previewAsProposed,
} from "../../test/statement-fixtures";
import { ORIGIN, createTestApp, testDatabaseUrl, type TestApp } from "../../test/test-app";

/*
 * A track's very first save of splits has no split row for a statement's
 * import to lock (decision 137), so it can add an invitation while an
 * import covering the track runs, and the invitation can be accepted
 * before the import commits. The import pays only the shares it
 * locked when it began (decision 138): the new one is left to the next
 * statement, and no money stays held for a share no longer invited.
 */

let t: TestApp;
let financeCookie: string;
let watcher: pg.Client;

const db = () => t.app.ctx.database.db;
const HEADER = "ISRC,Store,Country,Sales Month,Quantity,Net Revenue,Currency";

async function trackOf(artist: TestUser, n: number) {
  const isrc = `INA1B27${String(n).padStart(5, "0")}`;
  const { releaseId, trackIds } = await insertClaimedRelease(db(), artist.id, {
    upc: `89012346${String(n).padStart(5, "0")}`,
    tracks: [{ title: `Song ${isrc}`, isrc }],
  });
  return { isrc, url: `/api/releases/${releaseId}/tracks/${trackIds[0]}/splits` };
}

async function saveSplits(artist: TestUser, url: string, collaborators: object[]) {
  const saved = await t.app.inject({
    method: "PUT",
    url,
    headers: { cookie: artist.cookie, origin: ORIGIN },
    payload: { collaborators },
  });
  expect(saved.statusCode).toBe(200);
  return saved.json<TrackSplits>();
}

async function balance(accountId: string): Promise<number | null> {
  const { rows } = await watcher.query<{ balance: string }>(
    `select balance from ledger_account where id = $1`,
    [accountId],
  );
  return rows[0] ? Number(rows[0].balance) : null;
}

const statement = async (lines: string[]) =>
  (await previewAsProposed(t.app, financeCookie, Buffer.from([HEADER, ...lines, ""].join("\n"))))
    .id;

beforeAll(async () => {
  t = await createTestApp();
  financeCookie = (await createFinanceAgent(t.app)).cookie;
}, 60_000);
afterAll(() => t.close());

describe.skipIf(!testDatabaseUrl)("a track's first split saved during an import", () => {
  beforeAll(async () => {
    expect(t.app.ctx.database.dialect).toBe("postgres");
    watcher = await connect(t.app);
  });
  afterAll(() => watcher.end());

  it("is not paid by that import, which leaves nothing held for it", async () => {
    const artist = await createUser(t.app, "First Split Artist");
    const other = await createUser(t.app, "Other Artist");
    const collaborator = await createUser(t.app, "Collaborator");
    const track = await trackOf(artist, 1);
    const otherTrack = await trackOf(other, 2);
    // An earlier statement makes the artist's wallet and the label's, stores' accounts.
    await importStatement(
      t.app,
      financeCookie,
      await statement([`${track.isrc},Spotify,IN,2026-09,10,100,INR`]),
    );
    expect(await balance(`artist:${artist.id}`)).toBe(8500);
    const id = await statement([
      `${track.isrc},Spotify,IN,2026-10,10,100,INR`,
      `${otherTrack.isrc},Spotify,IN,2026-10,10,100,INR`,
    ]);
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
    await waitUntil(
      async () => (await waitingBehind(watcher, making.pid)) >= 1,
      "the import waits",
    );
    const saved = await saveSplits(artist, track.url, [{ email: collaborator.email, share: "20" }]);
    const shareId = saved.collaborators[0]!.id;
    await making.release();
    await waitUntil(
      async () => (await waitingBehind(watcher, stores.pid)) >= 1,
      "the import waits again",
    );
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
    expect(await splitProblems(db())).toEqual([]);
    expect(await ledgerProblems(db())).toEqual([]);
  });
});
