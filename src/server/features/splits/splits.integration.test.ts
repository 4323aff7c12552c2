/**
 * Splits (issue 47, section 1) on the engine the suite runs on (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): saving and its refusals, the
 * invitation mail and its public preview, the rounding of each group, held
 * money moved on accept (once, however often pressed), returned on decline
 * and expiry, a reversal undoing split credits wherever they went, the
 * collaborator's earnings, the authorization matrix's rows, and
 * `ledger-check` agreeing throughout. Statements are posted by the
 * ledger's own import posting (ledger-fixtures), never by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  MySplits,
  SplitAnswer,
  SplitInvitePreview,
  TrackSplits,
} from "../../../shared/responses/splits";
import type { EarningsBreakdown, WalletTransactionPage } from "../../../shared/responses/wallet";
import { splitMessages as m } from "../../../shared/split-messages";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import {
  insertApprovedRelease,
  postStatementWithTotals as postStatement,
  reverseStatement,
  statementEntries,
  type FixtureGroup,
} from "../../test/ledger-fixtures";
import { linkIn, startSmtpTestServer, type SmtpTestServer } from "../../test/smtp-test-server";
import {
  createFinanceAgent,
  importStatement,
  insertClaimedRelease,
  previewAsProposed,
} from "../../test/statement-fixtures";
import { ORIGIN, createTestApp, signUp, uniqueEmail, type TestApp } from "../../test/test-app";
import { postSplitAccept } from "../ledger/split-postings";
import { booksDisagreeing } from "../statements/statement-check-service";
import { SplitAnswerService } from "./split-answer-service";
import { moveShare } from "./split-repository";

let t: TestApp;
let smtp: SmtpTestServer;
let finance: TestUser;
let agent: TestUser;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({}, undefined, undefined, {
    SMTP_URL: smtp.url,
    SPLIT_INVITE_DAYS: "30",
  });
  finance = await createFinanceAgent(t.app);
  agent = await createUser(t.app, "Support Agent", true);
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const slow = { timeout: 120_000 };
const db = () => t.app.ctx.database.db;

type Method = "GET" | "PUT" | "POST";
const ask = (user: TestUser | null, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...(user ? { cookie: user.cookie } : {}),
      ...(method === "GET" ? {} : { origin: ORIGIN }),
    },
    ...(payload ? { payload } : {}),
  });

interface Setup {
  artist: TestUser;
  releaseId: string;
  trackIds: string[];
  url: string;
}

async function artistWithTrack(name: string): Promise<Setup> {
  const artist = await createUser(t.app, name);
  const { releaseId, trackIds } = await insertApprovedRelease(db(), artist.id, `${name} EP`, [
    { title: "Night Drive", isrc: "IN-A1B-26-00001" },
    { title: "Monsoon", isrc: "IN-A1B-26-00002" },
  ]);
  return {
    artist,
    releaseId,
    trackIds,
    url: `/api/releases/${releaseId}/tracks/${trackIds[0]}/splits`,
  };
}

const row = (email: string, share: string) => ({ email, share });
const save = (s: Setup, collaborators: { email: string; share: string }[], user = s.artist) =>
  ask(user, "PUT", s.url, { collaborators });
const splitsOf = async (s: Setup) => (await ask(s.artist, "GET", s.url)).json<TrackSplits>();
const mine = async (user: TestUser) =>
  (await ask(user, "GET", "/api/wallet/splits")).json<MySplits>();
const accept = (user: TestUser, id: string) => ask(user, "POST", `/api/wallet/splits/${id}/accept`);
const decline = (user: TestUser, id: string) =>
  ask(user, "POST", `/api/wallet/splits/${id}/decline`);
/** The wallet's balance, once the fixtures' postings (no event) were heard of (PostgreSQL's notices). */
const balance = async (user: TestUser) => {
  await t.app.ctx.ledgerNotices?.heardSoFar();
  return (await ask(user, "GET", "/api/wallet")).json<{ balancePaise: number }>().balancePaise;
};

const group = (s: Setup, artistPaise: number, extra: Partial<FixtureGroup> = {}): FixtureGroup => ({
  artistId: s.artist.id,
  trackId: s.trackIds[0]!,
  store: "Spotify",
  country: "IN",
  saleMonth: "2026-10",
  quantity: 10,
  artistPaise,
  ...extra,
});

async function idOf(s: Setup, email: string) {
  const found = (await splitsOf(s)).collaborators.find((c) => c.email === email);
  if (!found) throw new Error(`no share for ${email}`);
  return found.id;
}

describe("saving splits", slow, () => {
  it("answers You: 60%, the note, and refuses more than 100% and the artist's own email", async () => {
    const s = await artistWithTrack("Saving Artist");
    const empty = await splitsOf(s);
    expect(empty.ownShareLine).toBe("You: 100%");
    expect(empty.appliesNote).toBe("Applies to earnings imported from now on.");

    const over = await save(s, [row(uniqueEmail("a"), "60"), row(uniqueEmail("b"), "40.01")]);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe("Shares must add up to 100%.");
    const self = await save(s, [row(s.artist.email, "10")]);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(m.notYourself);
    const zero = await save(s, [row(uniqueEmail("z"), "0")]);
    expect(zero.statusCode).toBe(400);

    const saved = await save(s, [row(uniqueEmail("c"), "25.5"), row(uniqueEmail("d"), "14.5")]);
    expect(saved.statusCode).toBe(200);
    const body = saved.json<TrackSplits>();
    expect(body.ownShareLine).toBe("You: 60%");
    expect(body.invited).toHaveLength(2);
    expect(body.collaborators.map((c) => [c.share, c.state])).toEqual([
      ["25.5", "invited"],
      ["14.5", "invited"],
    ]);
    expect(body.collaborators[0]!.heldLine).toBe(
      `Held for ${body.collaborators[0]!.email} until they accept`,
    );
  });

  it("mails only new collaborators, with a link whose public preview names artist, track, share", async () => {
    const s = await artistWithTrack("Mailing Artist");
    const priya = uniqueEmail("priya");
    await save(s, [row(priya, "40")]);
    const [mail] = await smtp.waitFor(smtp.to(priya));
    expect(mail!.parsed.subject).toBe(m.inviteSubject("Mailing Artist", "Night Drive"));
    expect(mail!.parsed.text).toContain("40%");
    const link = linkIn(mail!, "http://localhost:3000/splits/invite/");
    const token = link.split("/").pop()!;

    const preview = await ask(null, "GET", `/api/split-invites/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<SplitInvitePreview>()).toMatchObject({
      artistName: "Mailing Artist",
      trackTitle: "Night Drive",
      share: "40",
      email: priya,
      state: "invited",
      hasAccount: false,
    });
    expect(preview.body).not.toContain("Paise");
    const unknown = await ask(null, "GET", `/api/split-invites/${"x".repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(m.notFound);

    // Saving again with the same list and a changed share mails nobody new.
    const again = await save(s, [row(priya, "30")]);
    expect(again.json<TrackSplits>().invited).toEqual([]);
    expect(again.json<TrackSplits>().ownShareLine).toBe("You: 70%");
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.filter(smtp.to(priya))).toHaveLength(1);

    // An account made after the invitation with its email (the portal does not
    // verify emails): nothing to see or answer until it opens the mailed link.
    const { cookie } = await signUp(t.app, { email: priya, name: "Priya" });
    const priyaUser = { id: "", cookie, email: priya };
    expect((await mine(priyaUser)).invitations).toEqual([]);
    const shareId = await idOf(s, priya);
    expect((await accept(priyaUser, shareId)).statusCode).toBe(404);
    expect((await decline(priyaUser, shareId)).statusCode).toBe(404);
    const claimBy = (user: TestUser | null, withToken = token) =>
      ask(user, "POST", `/api/split-invites/${withToken}/claim`);
    expect((await claimBy(null)).statusCode).toBe(401);
    expect((await claimBy(priyaUser, "x".repeat(43))).statusCode).toBe(404);
    const other = await createUser(t.app, "Not Priya");
    const notMine = await claimBy(other);
    expect([notMine.statusCode, notMine.json().message]).toEqual([403, m.notForYou]);

    // Through the link: the invitation is theirs to accept.
    expect((await claimBy(priyaUser)).statusCode).toBe(204);
    expect((await claimBy(priyaUser)).statusCode).toBe(204);
    const listed = await mine(priyaUser);
    expect(listed.invitations.map((i) => [i.trackTitle, i.artistName, i.share])).toEqual([
      ["Night Drive", "Mailing Artist", "30"],
    ]);
    expect((await ask(null, "GET", `/api/split-invites/${token}`)).json().hasAccount).toBe(true);
    expect((await accept(priyaUser, shareId)).statusCode).toBe(200);
  });
});

describe("statement money", slow, () => {
  it("leaves sales reported for the whole release (a UPC, no track) to the artist alone", async () => {
    const s = await artistWithTrack("Release Wide Artist");
    const a = uniqueEmail("a");
    await save(s, [row(a, "40")]);
    const shareId = await idOf(s, a);
    const { statementId } = await postStatement(db(), [
      group(s, 1_000, { trackId: null, releaseId: s.releaseId }),
      group(s, 500),
    ]);
    const entries = await statementEntries(db(), statementId, "statement");
    const on = (account: string) =>
      entries.filter((e) => e.accountId === account).map((e) => e.amount);
    expect(on(`split:${shareId}`)).toEqual([200]);
    expect(on(`artist:${s.artist.id}`).sort((x, y) => x - y)).toEqual([300, 1_000]);
    expect(await booksDisagreeing(db())).toEqual([]);
  });

  it("rounds each collaborator's part down to the paisa; the artist gets the rest", async () => {
    const s = await artistWithTrack("Rounding Artist");
    const a = uniqueEmail("a");
    const b = uniqueEmail("b");
    await save(s, [row(a, "33.33"), row(b, "33.33")]);
    const [ida, idb] = [await idOf(s, a), await idOf(s, b)];
    const { statementId } = await postStatement(db(), [
      group(s, 1_001),
      group(s, -1_001, { store: "JioSaavn" }),
      group(s, 999, { trackId: s.trackIds[1]! }),
    ]);
    const entries = await statementEntries(db(), statementId, "statement");
    const on = (account: string) =>
      entries
        .filter((e) => e.accountId === account)
        .map((e) => e.amount)
        .sort((x, y) => x - y);
    // 1001 × 33.33% = 333.63 → 333 each; the artist 1001 − 666 = 335. A refund alike, negated.
    expect(on(`split:${ida}`)).toEqual([-333, 333]);
    expect(on(`split:${idb}`)).toEqual([-333, 333]);
    // The other track has no split: all 999 to the artist.
    expect(on(`artist:${s.artist.id}`)).toEqual([-335, 335, 999]);
    const total = entries.reduce((sum, e) => sum + e.amount, 0);
    expect(total).toBe(0);
    expect(await booksDisagreeing(db())).toEqual([]);
  });

  it("applies only to statements imported after the split was saved", async () => {
    const s = await artistWithTrack("Before Artist");
    await postStatement(db(), [group(s, 10_000)]);
    await save(s, [row(uniqueEmail("late"), "50")]);
    expect((await splitsOf(s)).collaborators[0]!.heldPaise).toBe(0);
    expect(await balance(s.artist)).toBe(10_000);
    await postStatement(db(), [group(s, 10_000)]);
    expect((await splitsOf(s)).collaborators[0]!.heldPaise).toBe(5_000);
    expect(await balance(s.artist)).toBe(15_000);
  });

  it("pays the track's shares when an unmatched code is assigned to it", async () => {
    const artist = await createUser(t.app, "Assigned Artist");
    const n = String(Date.now() % 100_000).padStart(5, "0");
    const { releaseId, trackIds } = await insertClaimedRelease(db(), artist.id, {
      upc: `89012347${n}`,
      tracks: [{ title: "Assigned Song", isrc: `INA1B28${n}` }],
    });
    const url = `/api/releases/${releaseId}/tracks/${trackIds[0]}/splits`;
    const s: Setup = { artist, releaseId, trackIds, url };
    await save(s, [row(uniqueEmail("a"), "20")]);
    const code = `USXX128${n}`;
    const file = `ISRC,Store,Country,Sales Month,Quantity,Net Revenue,Currency\n${code},Spotify,IN,2026-10,10,100,INR\n`;
    const previewed = await previewAsProposed(t.app, finance.cookie, Buffer.from(file));
    const detail = await importStatement(t.app, finance.cookie, previewed.id);
    expect(detail.totals).toMatchObject({ unmatchedPaise: 10_000 });
    const assigned = await ask(
      finance,
      "POST",
      `/api/desk/statements/${detail.id}/unmatched/assign`,
      { code, trackId: trackIds[0] },
    );
    expect(assigned.statusCode).toBe(200);
    // 100 rupees at 85 %: 8,500 paise, of which the share's 20 % is held.
    expect((await splitsOf(s)).collaborators[0]!.heldPaise).toBe(1_700);
    expect(await balance(artist)).toBe(6_800);
    expect(await booksDisagreeing(db())).toEqual([]);
  });
});

describe("accepting and declining", slow, () => {
  it("holds until accepted, then moves the held amount once, however often pressed", async () => {
    const s = await artistWithTrack("Held Artist");
    const collaborator = await createUser(t.app, "Co Writer");
    await save(s, [row(collaborator.email, "40")]);
    const shareId = await idOf(s, collaborator.email);
    await postStatement(db(), [group(s, 10_000), group(s, 5_000, { country: "US" })]);
    expect(await balance(s.artist)).toBe(9_000);
    const held = (await splitsOf(s)).collaborators[0]!;
    expect(held.heldPaise).toBe(6_000);
    expect(held.heldLine).toBe(m.heldFor(collaborator.email));
    expect((await mine(collaborator)).invitations[0]!.heldPaise).toBe(6_000);
    expect(await balance(collaborator)).toBe(0);

    // Five presses at once: one moves the money, the others answer the same share.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => accept(collaborator, shareId)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const moved = answers.map((a) => a.json<SplitAnswer>().movedPaise).sort((x, y) => y - x);
    expect(moved).toEqual([6_000, 0, 0, 0, 0]);
    expect(await balance(collaborator)).toBe(6_000);
    expect((await accept(collaborator, shareId)).json<SplitAnswer>().movedPaise).toBe(0);
    expect(await balance(collaborator)).toBe(6_000);

    const after = (await splitsOf(s)).collaborators[0]!;
    expect([after.state, after.heldPaise, after.heldLine]).toEqual(["accepted", 0, null]);
    const page = (
      await ask(collaborator, "GET", "/api/wallet/transactions")
    ).json<WalletTransactionPage>();
    expect(page.items[0]).toMatchObject({
      kind: "split",
      description: "Split · Night Drive · Held Artist",
      amountPaise: 6_000,
    });

    // Later statements credit the collaborator's wallet directly.
    await postStatement(db(), [group(s, 1_000)]);
    expect(await balance(collaborator)).toBe(6_400);
    expect(await balance(s.artist)).toBe(9_600);
    const shares = (await mine(collaborator)).shares;
    expect(shares.map((x) => [x.trackTitle, x.creditedPaise])).toEqual([["Night Drive", 6_400]]);
    expect(await booksDisagreeing(db())).toEqual([]);
  });

  it("shows the collaborator earnings of their shares only, nothing else of the artist's", async () => {
    const s = await artistWithTrack("Earnings Artist");
    const collaborator = await createUser(t.app, "Producer");
    await save(s, [row(collaborator.email, "50")]);
    await postStatement(db(), [
      group(s, 2_000, { country: "IN", store: "Spotify" }),
      group(s, 4_000, { country: "US", store: "JioSaavn", trackId: s.trackIds[1]! }),
    ]);
    await accept(collaborator, await idOf(s, collaborator.email));
    const earnings = (
      await ask(collaborator, "GET", "/api/wallet/earnings?period=all")
    ).json<EarningsBreakdown>();
    expect(earnings.totalPaise).toBe(1_000);
    expect(earnings.byTrack.map((r) => [r.label, r.amountPaise])).toEqual([["Night Drive", 1_000]]);
    expect(earnings.byStore.map((r) => r.key)).toEqual(["Spotify"]);
    expect(earnings.byCountry.map((r) => r.key)).toEqual(["IN"]);
  });

  it("returns the held amount and the share to the artist on decline", async () => {
    const s = await artistWithTrack("Declined Artist");
    const collaborator = await createUser(t.app, "Decliner");
    await save(s, [row(collaborator.email, "25")]);
    const shareId = await idOf(s, collaborator.email);
    await postStatement(db(), [group(s, 8_000)]);
    expect(await balance(s.artist)).toBe(6_000);
    const declined = await decline(collaborator, shareId);
    expect(declined.statusCode).toBe(200);
    expect(declined.json<SplitAnswer>().share.state).toBe("declined");
    expect((await decline(collaborator, shareId)).statusCode).toBe(200);
    expect(await balance(s.artist)).toBe(8_000);
    expect(await balance(collaborator)).toBe(0);
    const after = await splitsOf(s);
    expect([after.collaborators, after.ownShareLine]).toEqual([[], "You: 100%"]);
    const accepted = await accept(collaborator, shareId);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe(m.alreadyAnswered("declined"));
    // Statements after the decline pay the artist in full.
    await postStatement(db(), [group(s, 1_000)]);
    expect(await balance(s.artist)).toBe(9_000);
    const page = (
      await ask(s.artist, "GET", "/api/wallet/transactions")
    ).json<WalletTransactionPage>();
    expect(page.items.map((i) => i.description)).toContain(
      `Split returned · Night Drive · ${collaborator.email}`,
    );
    expect(await booksDisagreeing(db())).toEqual([]);
  });

  it("counts a group's streams once in the artist's earnings CSV after a decline, as the breakdown does", async () => {
    const s = await artistWithTrack("Csv Decline Artist");
    const collaborator = await createUser(t.app, "Csv Decliner");
    await save(s, [row(collaborator.email, "25")]);
    await postStatement(db(), [group(s, 8_000, { quantity: 1_000 })]);
    await decline(collaborator, await idOf(s, collaborator.email));
    expect(await balance(s.artist)).toBe(8_000);

    const csv = await ask(s.artist, "GET", "/api/wallet/earnings.csv?period=all");
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.slice(1, -1).split('","'));
    // The statement's credit (75 %) and the returned share (25 %): one group, counted once.
    expect(rows).toEqual([
      ["2026-10", "Spotify", "IN", "Night Drive", "IN-A1B-26-00001", "1000", "60.00"],
      ["2026-10", "Spotify", "IN", "Night Drive", "IN-A1B-26-00001", "0", "20.00"],
    ]);
    const breakdown = (
      await ask(s.artist, "GET", "/api/wallet/earnings?period=all")
    ).json<EarningsBreakdown>();
    expect(breakdown.byTrack.map((r) => [r.quantity, r.amountPaise])).toEqual([[1_000, 8_000]]);
  });

  it("expires unanswered invitations after SPLIT_INVITE_DAYS: held money back to the artist", async () => {
    const s = await artistWithTrack("Expiry Artist");
    const collaborator = await createUser(t.app, "Late Answer");
    await save(s, [row(collaborator.email, "10")]);
    const shareId = await idOf(s, collaborator.email);
    await postStatement(db(), [group(s, 5_000)]);
    expect(await balance(s.artist)).toBe(4_500);
    const inAMonth = new SplitAnswerService({
      db: db(),
      events: t.app.ctx.events,
      now: () => Date.now() + 31 * 86_400_000,
    });
    expect(await inAMonth.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await inAMonth.expireDue()).toBe(0);
    expect(await balance(s.artist)).toBe(5_000);
    const late = await accept(collaborator, shareId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(m.alreadyAnswered("expired"));
    expect(await booksDisagreeing(db())).toEqual([]);
  });
});

describe("an import and an accept at once", slow, () => {
  it("never strand money on the held account of an accepted share", async () => {
    for (let round = 0; round < 4; round++) {
      const s = await artistWithTrack(`Race Artist ${round}`);
      const collaborator = await createUser(t.app, `Racer ${round}`);
      await save(s, [row(collaborator.email, "50")]);
      const shareId = await idOf(s, collaborator.email);
      await postStatement(db(), [group(s, 1_000)]);
      await Promise.all([
        postStatement(db(), [group(s, 2_000), group(s, 4_000, { country: "US" })]),
        accept(collaborator, shareId),
      ]);
      // Whichever committed first, all of the collaborator's half reached their wallet.
      expect(await balance(collaborator)).toBe(3_500);
      expect(await balance(s.artist)).toBe(3_500);
    }
    expect(await booksDisagreeing(db())).toEqual([]);
  });
});

describe("a reversal", slow, () => {
  it("takes split credits back from wherever they went: accepted, returned, still held", async () => {
    const s = await artistWithTrack("Reversal Artist");
    const [keeps, leaves, waits] = [
      await createUser(t.app, "Keeps"),
      await createUser(t.app, "Leaves"),
      await createUser(t.app, "Waits"),
    ];
    await save(s, [row(keeps.email, "20"), row(leaves.email, "10"), row(waits.email, "5")]);
    const { statementId } = await postStatement(db(), [group(s, 10_000)]);
    const kept = await postStatement(db(), [group(s, 1_000)]);
    await accept(keeps, await idOf(s, keeps.email));
    await decline(leaves, await idOf(s, leaves.email));
    // Artist: 6500 + 650 + 1100 returned = 8250; Keeps 2200; Waits holds 550.
    expect(await balance(s.artist)).toBe(8_250);
    expect(await balance(keeps)).toBe(2_200);

    await reverseStatement(db(), statementId);
    expect(await balance(keeps)).toBe(200);
    expect(await balance(s.artist)).toBe(750);
    expect((await splitsOf(s)).collaborators.find((c) => c.email === waits.email)!.heldPaise).toBe(
      50,
    );
    expect(await booksDisagreeing(db())).toEqual([]);
    expect(kept.statementId).not.toBe(statementId);
  });
});

describe("a money step cut short", slow, () => {
  it("leaves the share invited and the held money where it was (one transaction)", async () => {
    const s = await artistWithTrack("Killed Artist");
    const collaborator = await createUser(t.app, "Killed Collaborator");
    await save(s, [row(collaborator.email, "50")]);
    const shareId = await idOf(s, collaborator.email);
    await postStatement(db(), [group(s, 2_000)]);
    const now = Date.now();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await moveShare(trx, shareId, ["invited"], {
            state: "accepted",
            collaboratorId: collaborator.id,
            now,
          });
          await postSplitAccept(trx, {
            shareId,
            toUserId: collaborator.id,
            by: collaborator.id,
            now,
          });
          throw new Error("killed");
        }),
    ).rejects.toThrow("killed");
    expect((await splitsOf(s)).collaborators[0]).toMatchObject({
      state: "invited",
      heldPaise: 1_000,
    });
    expect(await balance(collaborator)).toBe(0);
    // The real press afterwards moves it once.
    expect((await accept(collaborator, shareId)).json<SplitAnswer>().movedPaise).toBe(1_000);
    expect(await booksDisagreeing(db())).toEqual([]);
  });
});

describe("authorization matrix: splits", slow, () => {
  it("artists only their own tracks; collaborators only their invitations; finance reads; agents never write", async () => {
    const s = await artistWithTrack("Owner Artist");
    const other = await createUser(t.app, "Other Artist");
    const collaborator = await createUser(t.app, "Invited One");
    await save(s, [row(collaborator.email, "10")]);
    const shareId = await idOf(s, collaborator.email);

    expect((await ask(null, "GET", s.url)).statusCode).toBe(401);
    expect((await ask(null, "PUT", s.url, { collaborators: [] })).statusCode).toBe(401);
    expect((await ask(other, "GET", s.url)).statusCode).toBe(404);
    expect((await save(s, [], other)).statusCode).toBe(404);
    expect((await ask(collaborator, "GET", s.url)).statusCode).toBe(404);
    expect((await ask(agent, "GET", s.url)).statusCode).toBe(403);
    expect((await save(s, [], agent)).statusCode).toBe(403);
    expect((await ask(finance, "GET", s.url)).statusCode).toBe(200);
    expect((await save(s, [], finance)).statusCode).toBe(403);

    expect((await ask(null, "GET", "/api/wallet/splits")).statusCode).toBe(401);
    expect((await ask(agent, "GET", "/api/wallet/splits")).statusCode).toBe(403);
    expect((await mine(other)).invitations).toEqual([]);
    for (const who of [other, s.artist]) {
      expect((await accept(who, shareId)).statusCode).toBe(404);
      expect((await decline(who, shareId)).statusCode).toBe(404);
    }
    expect((await accept(agent, shareId)).statusCode).toBe(403);
    expect((await accept(null as unknown as TestUser, shareId)).statusCode).toBe(401);
    expect((await splitsOf(s)).collaborators[0]!.state).toBe("invited");
  });
});
