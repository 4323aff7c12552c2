import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PayoutDesk, Withdrawal, WithdrawalList } from "../../../shared/responses/withdrawals";
import { withdrawalMessages as m } from "../../../shared/withdrawal-messages";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import { startSmtpTestServer, type SmtpTestServer } from "../../test/smtp-test-server";
import { createFinanceAgent } from "../../test/statement-fixtures";
import { ORIGIN, createTestApp, type TestApp } from "../../test/test-app";
import { creditArtist, reverseCredit, savePayoutDetails } from "../../test/withdrawal-fixtures";
import {
  PayoutDetailsService,
  type WithdrawalTerms,
} from "../payout-details/payout-details-service";
import { booksDisagreeing } from "../statements/statement-check-service";

/**
 * Withdrawals and the finance desk's payouts (issue 47, sections 3 to 5) on
 * the engine the suite runs on (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 * The TDS threshold is Rs.1,000 here so small amounts cross it; balances are
 * credited through the ledger's statement postings, never written by hand.
 */
let t: TestApp;
let smtp: SmtpTestServer;
let finance: TestUser;
let agent: TestUser;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({}, undefined, undefined, {
    SMTP_URL: smtp.url,
    TDS_THRESHOLD_RUPEES: "1000",
    PAYOUT_MINIMUM_RUPEES: "500",
    PAYOUT_DETAILS_HOLD_HOURS: "0",
  });
  finance = await createFinanceAgent(t.app);
  agent = await createUser(t.app, "Support Agent", true);
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const slow = { timeout: 120_000 };

type Method = "GET" | "POST";
const ask = (user: TestUser | null, method: Method, url: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...(user ? { cookie: user.cookie } : {}),
      ...(method === "POST" ? { origin: ORIGIN } : {}),
      ...(key ? { "idempotency-key": key } : {}),
    },
    ...(payload ? { payload } : {}),
  });
const withdraw = (user: TestUser, amountPaise: number, key?: string) =>
  ask(user, "POST", "/api/wallet/withdrawals", { amountPaise }, key);
const list = async (user: TestUser) =>
  (await ask(user, "GET", "/api/wallet/withdrawals")).json<WithdrawalList>();
const balance = async (user: TestUser) => (await list(user)).balancePaise;
const desk = async (view: string) =>
  (await ask(finance, "GET", `/api/desk/payouts?view=${view}`)).json<PayoutDesk>();
const approve = (id: string) => ask(finance, "POST", `/api/desk/payouts/${id}/approve`);
const pay = (id: string, reference = "UTR123456789") =>
  ask(finance, "POST", `/api/desk/payouts/${id}/paid`, { reference });
const fail = (id: string, reason = "The bank returned the payment") =>
  ask(finance, "POST", `/api/desk/payouts/${id}/failed`, { reason });

/** An artist with payout details and this much in the wallet. */
async function artistWith(paise: number, pan: string | null, name = "Withdrawing Artist") {
  const artist = await createUser(t.app, name);
  await savePayoutDetails(t.app, artist, { upiId: "asha.rao@okaxis", pan });
  const statementId = await creditArtist(t.app, artist.id, paise);
  return { artist, statementId };
}

describe("a withdrawal's TDS by financial year", slow, () => {
  it("deducts nothing under the threshold, the rate on the year's total when crossing it, then the rate on the amount (with a PAN)", async () => {
    const { artist } = await artistWith(500_000, "ABCDE1234F");
    const preview = await ask(artist, "GET", "/api/wallet/withdrawals/preview?amountPaise=60000");
    expect(preview.json()).toMatchObject({
      line: "Amount Rs.600.00 · TDS (10%) Rs.0.00 · You receive Rs.600.00",
      refusal: null,
    });

    const first = await withdraw(artist, 60_000, "first-withdrawal");
    expect(first.statusCode).toBe(201);
    expect(first.json<Withdrawal>()).toMatchObject({
      state: "requested",
      tdsPaise: 0,
      netPaise: 60_000,
    });
    expect(await balance(artist)).toBe(440_000);
    // The answer is built from the row written: exactly what reading it back shows.
    expect((await list(artist)).items[0]).toEqual(first.json());
    await approve(first.json().id);
    expect((await pay(first.json().id)).statusCode).toBe(204);

    // 600 + 600 = 1,200 crosses 1,000: 10% of the year's 1,200, none deducted before.
    const crossing = await ask(artist, "GET", "/api/wallet/withdrawals/preview?amountPaise=60000");
    expect(crossing.json().line).toBe(
      "Amount Rs.600.00 · TDS (10%) Rs.120.00 · You receive Rs.480.00",
    );
    const second = await withdraw(artist, 60_000, "second-withdrawal");
    expect(second.json()).toMatchObject({ tdsPaise: 12_000, netPaise: 48_000, tdsRatePercent: 10 });
    await approve(second.json().id);
    await pay(second.json().id);

    // Past the threshold: the rate on its own amount.
    const third = await withdraw(artist, 50_000, "third-withdrawal");
    expect(third.json()).toMatchObject({ tdsPaise: 5_000, netPaise: 45_000 });
    expect(await balance(artist)).toBe(500_000 - 170_000);

    const tax = await ask(artist, "GET", "/api/wallet/tax");
    expect(tax.json().pan).toBe("PAN: •••••1234F");
    expect(tax.json().years[0]).toMatchObject({
      withdrawnPaise: 170_000,
      tdsPaise: 17_000,
      paidOutPaise: 60_000 + 48_000,
    });
    const csv = await ask(artist, "GET", "/api/wallet/tax.csv");
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain(
      '"Financial year","Withdrawn (Rs.)","TDS deducted (Rs.)","Paid out (Rs.)","PAN"',
    );
    expect(csv.body).toContain('"1700.00","170.00","1080.00","PAN: •••••1234F"');
  });

  it("deducts the higher rate without a PAN", async () => {
    const { artist } = await artistWith(300_000, null);
    const under = await withdraw(artist, 90_000, "no-pan-under");
    expect(under.json()).toMatchObject({ tdsPaise: 0, tdsRatePercent: 20 });
    await approve(under.json().id);
    await pay(under.json().id);
    // 900 + 1,500 = 2,400 crosses: 20% of the year's 2,400 = 480.
    const across = await withdraw(artist, 150_000, "no-pan-across");
    expect(across.json()).toMatchObject({ tdsPaise: 48_000, netPaise: 102_000 });
    const line = await ask(artist, "GET", "/api/wallet/withdrawals/preview?amountPaise=50000");
    expect(line.json().line).toMatch(/^Amount Rs\.500\.00 · TDS \(20%\) /);
  });
});

describe("refusals", slow, () => {
  it("are the issue's words: minimum, up to, payout details, in progress, the hold", async () => {
    const noDetails = await createUser(t.app, "No Details");
    await creditArtist(t.app, noDetails.id, 100_000);
    const refused = await withdraw(noDetails, 60_000);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Add your payout details first.");
    expect((await list(noDetails)).closedReason).toBe(m.noDetails);

    const { artist } = await artistWith(100_000, "ABCDE1234F");
    const small = await withdraw(artist, 49_999);
    expect(small.json().message).toBe("The minimum withdrawal is Rs.500.00.");
    const big = await withdraw(artist, 100_001);
    expect(big.json().message).toBe("You can withdraw up to Rs.1,000.00.");
    expect(await balance(artist)).toBe(100_000);

    expect((await withdraw(artist, 50_000)).statusCode).toBe(201);
    const again = await withdraw(artist, 50_000);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You already have a withdrawal in progress.");

    const held = await artistWith(100_000, null, "Held Artist");
    const until = Date.now() + 3_600_000;
    await t.app.ctx.database.db
      .updateTable("payout_details")
      .set({ withdrawalsHeldUntil: until })
      .where("userId", "=", held.artist.id)
      .execute();
    const onHold = await withdraw(held.artist, 60_000);
    expect(onHold.statusCode).toBe(400);
    expect(onHold.json().message).toBe(m.held(until));
    expect(onHold.json().message).toMatch(
      /^Withdrawals are on hold until .+ IST because your payout details changed\.$/,
    );
  });

  it("close withdrawing while a reversal has left the balance below zero, and say why", async () => {
    const { artist, statementId } = await artistWith(100_000, "ABCDE1234F");
    const w = await withdraw(artist, 80_000);
    await approve(w.json().id);
    await pay(w.json().id);
    await reverseCredit(t.app, statementId);
    const wallet = await list(artist);
    expect(wallet.balancePaise).toBe(-80_000);
    expect(wallet.closedReason).toBe(m.negativeBalance(-80_000));
    expect(wallet.closedReason).toContain("statement reversal");
    await creditArtist(t.app, artist.id, 50_000);
    const refused = await withdraw(artist, 50_000);
    expect(refused.json().message).toBe(m.negativeBalance(-30_000));
  });

  it("give the balance below zero as the reason while a withdrawal is also in progress", async () => {
    const { artist, statementId } = await artistWith(100_000, "ABCDE1234F");
    expect((await withdraw(artist, 80_000)).statusCode).toBe(201);
    await reverseCredit(t.app, statementId);
    const wallet = await list(artist);
    expect(wallet.balancePaise).toBe(-80_000);
    expect(wallet.closedReason).toBe(m.negativeBalance(-80_000));
  });
});

describe("parallel and repeated requests", slow, () => {
  it("five at once make one withdrawal and a correct balance", async () => {
    const { artist } = await artistWith(300_000, "ABCDE1234F");
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => withdraw(artist, 100_000, `parallel-${n}-key`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const wallet = await list(artist);
    expect(wallet.items).toHaveLength(1);
    expect(wallet.balancePaise).toBe(200_000);
  });

  it("the whole balance five times at once never goes below zero", async () => {
    const { artist } = await artistWith(100_000, "ABCDE1234F");
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => withdraw(artist, 100_000)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(await balance(artist)).toBe(0);
  });

  it("many artists at once are each debited their own amount, written together", async () => {
    const amounts = [60_000, 75_000, 90_000, 105_000, 120_000];
    const artists = await Promise.all(
      amounts.map(async (_, i) => (await artistWith(500_000, null, `Burst Artist ${i}`)).artist),
    );
    const answers = await Promise.all(artists.map((artist, i) => withdraw(artist, amounts[i]!)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    for (const [i, artist] of artists.entries()) {
      const wallet = await list(artist);
      expect(wallet.items.map((w) => w.amountPaise)).toEqual([amounts[i]]);
      expect(wallet.balancePaise).toBe(500_000 - amounts[i]!);
    }
  });

  it("a request still reading its terms when the burst's transaction begins is written in a second one, and the books stay sound", async () => {
    const [quick, slowReader] = await Promise.all(
      [0, 1].map(async (i) => (await artistWith(500_000, null, `Straggler ${i}`)).artist),
    );
    type ReadTerms = (this: PayoutDetailsService, userId: string) => Promise<WithdrawalTerms>;
    const readTerms = Object.getOwnPropertyDescriptor(
      PayoutDetailsService.prototype,
      "withdrawalTermsOf",
    )!.value as ReadTerms;
    const transactions = vi.spyOn(t.app.ctx.database.db, "transaction");
    const terms = vi
      .spyOn(PayoutDetailsService.prototype, "withdrawalTermsOf")
      .mockImplementation(async function (this: PayoutDetailsService, userId: string) {
        // Read with the other's, but answered only once the quick one's
        // transaction has begun: nothing waits for a straggler (decision 122).
        const read = await readTerms.call(this, userId);
        if (userId === slowReader!.id) {
          await vi.waitFor(() => expect(transactions).toHaveBeenCalled(), {
            interval: 1,
            timeout: 10_000,
          });
        }
        return read;
      });
    try {
      const answers = await Promise.all([withdraw(quick!, 60_000), withdraw(slowReader!, 70_000)]);
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      expect(transactions).toHaveBeenCalledTimes(2);
    } finally {
      terms.mockRestore();
      transactions.mockRestore();
    }
    expect(await balance(quick!)).toBe(440_000);
    expect(await balance(slowReader!)).toBe(430_000);
    expect(await booksDisagreeing(t.app.ctx.database.db)).toEqual([]);
  });

  it("bursts a turn apart (side by side on PostgreSQL) each post their artists, their TDS and the shared accounts exactly", async () => {
    // Over the Rs.1,000 threshold for some, so the TDS account moves too.
    const amounts = [60_000, 120_000, 70_000, 130_000, 80_000, 140_000];
    const artists = await Promise.all(
      amounts.map(
        async (_, i) => (await artistWith(500_000, "ABCDE1234F", `Pipelined ${i}`)).artist,
      ),
    );
    const transactions = vi.spyOn(t.app.ctx.database.db, "transaction");
    // On PostgreSQL the first burst's transaction stays open (at its step
    // mails, before any shared row) until the second's has begun: two in
    // flight at once, or this waits in vain (decision 122).
    const onPostgres = t.app.ctx.database.dialect === "postgres";
    const { mail } = t.app.ctx;
    const recordIn = mail.recordIn.bind(mail);
    let overlapped = false;
    const held = vi.spyOn(mail, "recordIn").mockImplementation(async (trx, kind, items) => {
      if (onPostgres && held.mock.calls.length === 1) {
        await vi.waitFor(() => expect(transactions.mock.calls.length).toBeGreaterThan(1), {
          interval: 1,
          timeout: 5_000,
        });
        overlapped = true;
      }
      return recordIn(trx, kind, items);
    });
    try {
      const first = artists.slice(0, 3).map((artist, i) => withdraw(artist, amounts[i]!));
      // The second burst once the first's transaction has begun: it cannot join it.
      await vi.waitFor(() => expect(transactions).toHaveBeenCalled(), {
        interval: 1,
        timeout: 10_000,
      });
      const second = artists.slice(3).map((artist, i) => withdraw(artist, amounts[i + 3]!));
      const answers = await Promise.all([...first, ...second]);
      expect(answers.map((a) => a.statusCode)).toEqual(amounts.map(() => 201));
      expect(transactions.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect(overlapped).toBe(onPostgres);
    } finally {
      held.mockRestore();
      transactions.mockRestore();
    }
    for (const [i, artist] of artists.entries()) {
      const wallet = await list(artist);
      expect(wallet.balancePaise).toBe(500_000 - amounts[i]!);
      expect(wallet.items[0]!.tdsPaise > 0).toBe(amounts[i]! > 100_000);
    }
    expect(await booksDisagreeing(t.app.ctx.database.db)).toEqual([]);
  });

  it("artists at once each meet their own terms: TDS with and without a PAN, no details, one in progress", async () => {
    const withPan = (await artistWith(500_000, "ABCDE1234F", "Burst With PAN")).artist;
    const withoutPan = (await artistWith(500_000, null, "Burst Without PAN")).artist;
    const noDetails = await createUser(t.app, "Burst Without Details");
    await creditArtist(t.app, noDetails.id, 500_000);
    const busy = (await artistWith(500_000, "ABCDE1234F", "Burst Already Withdrawing")).artist;
    expect((await withdraw(busy, 60_000)).statusCode).toBe(201);

    // Read together in one turn; each answer must be its own artist's.
    const [a, b, c, d] = await Promise.all([
      withdraw(withPan, 120_000),
      withdraw(withoutPan, 120_000),
      withdraw(noDetails, 120_000),
      withdraw(busy, 60_000),
    ]);
    expect([a.statusCode, b.statusCode, c.statusCode, d.statusCode]).toEqual([201, 201, 400, 409]);
    // Rs.1,200 crosses the Rs.1,000 threshold: the rate on the whole of it.
    expect(a.json<Withdrawal>().tdsPaise).toBe(12_000);
    expect(b.json<Withdrawal>().tdsPaise).toBe(24_000);
    expect(c.json().message).toBe(m.noDetails);
    expect(d.json().message).toBe(m.inProgress);
    expect(await balance(withPan)).toBe(380_000);
    expect(await balance(busy)).toBe(440_000);
  });

  it("a double press among others at once is sent back alone; the others are written", async () => {
    const pair = await Promise.all(
      [0, 1].map(async (i) => (await artistWith(500_000, null, `Pressing Artist ${i}`)).artist),
    );
    const [presser, other] = pair as [TestUser, TestUser];
    const answers = await Promise.all([
      withdraw(presser, 60_000, "pressed-twice"),
      withdraw(other, 70_000),
      withdraw(presser, 60_000, "pressed-twice"),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201, 201]);
    expect(answers[0].json().id).toBe(answers[2].json().id);
    expect(await balance(presser)).toBe(440_000);
    expect(await balance(other)).toBe(430_000);
  });

  it("a retry or a double press with the same key is one withdrawal", async () => {
    const { artist } = await artistWith(300_000, "ABCDE1234F");
    const answers = await Promise.all(
      [1, 2, 3].map(() => withdraw(artist, 100_000, "same-key-press")),
    );
    const ids = new Set(answers.map((a) => a.json<Withdrawal>().id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const retry = await ask(artist, "POST", "/api/wallet/withdrawals", {
      amountPaise: 100_000,
      idempotencyKey: "same-key-press",
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe([...ids][0]);
    expect(await balance(artist)).toBe(200_000);
  });
});

describe("the finance desk", slow, () => {
  it("tells each step to its own artist's wallet, live", async () => {
    const heard: { withdrawalId: string; artistId: string; state: string }[] = [];
    t.app.ctx.events.on("withdrawal.changed", (change) => void heard.push(change));
    const { artist } = await artistWith(300_000, "ABCDE1234F", "Live Desk Artist");
    const { artist: other } = await artistWith(300_000, "ABCDE1234F", "Live Desk Other");
    const paid = (await withdraw(artist, 100_000)).json<Withdrawal>();
    const failed = (await withdraw(other, 100_000)).json<Withdrawal>();
    expect((await approve(paid.id)).statusCode).toBe(204);
    expect((await pay(paid.id)).statusCode).toBe(204);
    expect((await fail(failed.id)).statusCode).toBe(204);
    const steps = heard.filter((h) => h.withdrawalId === paid.id || h.withdrawalId === failed.id);
    expect(steps).toEqual([
      { withdrawalId: paid.id, artistId: artist.id, state: "requested" },
      { withdrawalId: failed.id, artistId: other.id, state: "requested" },
      { withdrawalId: paid.id, artistId: artist.id, state: "approved" },
      { withdrawalId: paid.id, artistId: artist.id, state: "paid" },
      { withdrawalId: failed.id, artistId: other.id, state: "failed" },
    ]);
  });

  it("approves, pays with a UTR, fails with a reason, and answers 409 for a step no longer possible", async () => {
    const { artist } = await artistWith(300_000, "ABCDE1234F", "Desk Artist");
    const w = (await withdraw(artist, 100_000)).json<Withdrawal>();
    const requested = await desk("requested");
    expect(requested.counts.requested).toBeGreaterThanOrEqual(1);
    expect(requested.items.find((i) => i.id === w.id)).toMatchObject({
      artistName: "Desk Artist",
      destination: "UPI: as•••@okaxis",
    });
    expect((await pay(w.id)).statusCode).toBe(409);
    expect((await approve(w.id)).statusCode).toBe(204);
    const twice = await approve(w.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(m.notPossible("approved", "approved"));
    const noUtr = await ask(finance, "POST", `/api/desk/payouts/${w.id}/paid`, { reference: " " });
    expect(noUtr.statusCode).toBe(400);
    expect(noUtr.json().fieldErrors.reference).toBe(m.referenceRequired);
    expect((await pay(w.id, "UTR998877")).statusCode).toBe(204);
    expect((await fail(w.id)).statusCode).toBe(409);
    expect((await approve(w.id)).statusCode).toBe(409);
    const [paidMail] = await smtp.waitFor(
      (mail) => mail.rcptTo.includes(artist.email) && mail.parsed.subject === m.paidSubject,
    );
    expect(paidMail!.parsed.text).toContain("UTR998877");
    await smtp.waitFor(
      (mail) => mail.rcptTo.includes(artist.email) && mail.parsed.subject === m.approvedSubject,
    );
    await smtp.waitFor(
      (mail) => mail.rcptTo.includes(artist.email) && mail.parsed.subject === m.requestedSubject,
    );
    expect((await list(artist)).items[0]).toMatchObject({ state: "paid", reference: "UTR998877" });
    // One mail per step, each recorded once (the job is keyed by withdrawal and step).
    const steps: string[] = [m.approvedSubject, m.paidSubject, m.requestedSubject];
    const subjects = smtp.mails
      .filter((mail) => mail.rcptTo.includes(artist.email))
      .map((mail) => mail.parsed.subject ?? "")
      .filter((subject) => steps.includes(subject));
    expect(subjects.sort()).toEqual(steps.sort());
  });

  it("failing returns the whole amount and undoes its TDS; a failed one cannot be paid", async () => {
    const { artist } = await artistWith(400_000, "ABCDE1234F", "Failing Artist");
    // 1,500 crosses 1,000 at once: 10% of it.
    const w = (await withdraw(artist, 150_000)).json<Withdrawal>();
    expect(w.tdsPaise).toBe(15_000);
    expect(await balance(artist)).toBe(250_000);
    expect((await fail(w.id, "Account closed")).statusCode).toBe(204);
    expect(await balance(artist)).toBe(400_000);
    expect((await pay(w.id)).statusCode).toBe(409);
    expect((await approve(w.id)).statusCode).toBe(409);
    const [failedMail] = await smtp.waitFor(
      (mail) => mail.rcptTo.includes(artist.email) && mail.parsed.subject === m.failedSubject,
    );
    expect(failedMail!.parsed.text).toContain("Account closed");
    const tax = (await ask(artist, "GET", "/api/wallet/tax")).json();
    expect(tax.years[0]).toMatchObject({ withdrawnPaise: 0, tdsPaise: 0, paidOutPaise: 0 });
    // Its TDS undone: the same withdrawal again deducts what the first did.
    const again = (await withdraw(artist, 150_000)).json<Withdrawal>();
    expect(again.tdsPaise).toBe(15_000);
  });

  it("approves every selected one still requested, and downloads a formula-safe bank file", async () => {
    const a = await createUser(t.app, "Bank Artist");
    await savePayoutDetails(t.app, a, {
      pan: "ABCDE1234F",
      bank: { name: '=HYPERLINK("http://x")', account: "500100123451234", ifsc: "HDFC0001234" },
    });
    await creditArtist(t.app, a.id, 100_000);
    const { artist: b } = await artistWith(100_000, null, "+Upi Artist");
    const wa = (await withdraw(a, 100_000)).json<Withdrawal>();
    const wb = (await withdraw(b, 60_000)).json<Withdrawal>();
    const approved = await ask(finance, "POST", "/api/desk/payouts/approve", {
      ids: [wa.id, wb.id],
    });
    expect(approved.json()).toEqual({ approved: [wa.id, wb.id], skipped: [] });
    const again = await ask(finance, "POST", "/api/desk/payouts/approve", { ids: [wa.id] });
    expect(again.json()).toEqual({ approved: [], skipped: [wa.id] });

    const file = await ask(finance, "GET", "/api/desk/payouts/bank-file.csv");
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    const lines = file.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      '"Beneficiary name","Account number","IFSC","UPI ID","Amount","Reference"',
    );
    expect(lines).toContain(
      `"'=HYPERLINK(""http://x"")","500100123451234","HDFC0001234","","1000.00","${wa.id}"`,
    );
    expect(lines).toContain(`"'+Upi Artist","","","asha.rao@okaxis","600.00","${wb.id}"`);
  });
});

describe("authorization", slow, () => {
  it("artists have only their own; the desk is finance's", async () => {
    const { artist } = await artistWith(100_000, null, "Curious Artist");
    const routes: [Method, string, object?][] = [
      ["GET", "/api/desk/payouts?view=requested"],
      ["POST", "/api/desk/payouts/approve", { ids: ["00000000-0000-4000-8000-000000000000"] }],
      ["POST", "/api/desk/payouts/00000000-0000-4000-8000-000000000000/approve"],
      ["POST", "/api/desk/payouts/00000000-0000-4000-8000-000000000000/paid", { reference: "U" }],
      ["POST", "/api/desk/payouts/00000000-0000-4000-8000-000000000000/failed", { reason: "R" }],
      ["GET", "/api/desk/payouts/bank-file.csv"],
    ];
    for (const [method, url, body] of routes) {
      expect((await ask(null, method, url, body)).statusCode, url).toBe(401);
      expect((await ask(artist, method, url, body)).statusCode, url).toBe(403);
      const refused = await ask(agent, method, url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toMatchObject({ message: m.financeOnly });
    }
    for (const url of ["/api/wallet/withdrawals", "/api/wallet/tax", "/api/wallet/tax.csv"]) {
      expect((await ask(null, "GET", url)).statusCode).toBe(401);
      expect((await ask(agent, "GET", url)).statusCode).toBe(403);
      expect((await ask(finance, "GET", url)).statusCode).toBe(403);
    }
    expect(
      (await ask(agent, "POST", "/api/wallet/withdrawals", { amountPaise: 50_000 })).statusCode,
    ).toBe(403);
  });
});

describe("ledger-check", slow, () => {
  it("finds the books sound after every step above, and a withdrawal's money out of place", async () => {
    const { db } = t.app.ctx.database;
    expect(await booksDisagreeing(db)).toEqual([]);
    const row = await db
      .selectFrom("withdrawal")
      .select("id")
      .where("state", "=", "requested")
      .executeTakeFirstOrThrow();
    await db.updateTable("withdrawal").set({ state: "paid" }).where("id", "=", row.id).execute();
    const problems = await booksDisagreeing(db);
    expect(problems.some((p) => p.startsWith("Account withdrawals:"))).toBe(true);
    expect(problems).toContain(`Withdrawal ${row.id} (paid): a posting of its steps is missing.`);
    await db
      .updateTable("withdrawal")
      .set({ state: "requested" })
      .where("id", "=", row.id)
      .execute();
    expect(await booksDisagreeing(db)).toEqual([]);
  });
});

describe("a step and its mail commit together", slow, () => {
  /** Runs `during` while the outbox's table cannot be written, then puts it back. */
  async function withoutOutbox<T>(during: () => Promise<T>): Promise<T> {
    const { db } = t.app.ctx.database;
    await sql`alter table mail_job rename to mail_job_away`.execute(db);
    try {
      return await during();
    } finally {
      await sql`alter table mail_job_away rename to mail_job`.execute(db);
    }
  }

  it("a request whose mail cannot be recorded is not made, and a desk step not taken", async () => {
    const { artist } = await artistWith(300_000, "ABCDE1234F", "Outbox Artist");
    const refused = await withoutOutbox(() => withdraw(artist, 100_000));
    expect(refused.statusCode).toBe(500);
    expect((await list(artist)).items).toEqual([]);
    expect(await balance(artist)).toBe(300_000);

    const w = (await withdraw(artist, 100_000)).json<Withdrawal>();
    expect((await approve(w.id)).statusCode).toBe(204);
    const notPaid = await withoutOutbox(() => pay(w.id));
    expect(notPaid.statusCode).toBe(500);
    expect((await list(artist)).items[0]).toMatchObject({ id: w.id, state: "approved" });
    expect(await booksDisagreeing(t.app.ctx.database.db)).toEqual([]);
    expect((await pay(w.id)).statusCode).toBe(204);
    await smtp.waitFor(
      (mail) => mail.rcptTo.includes(artist.email) && mail.parsed.subject === m.paidSubject,
    );
  });
});
