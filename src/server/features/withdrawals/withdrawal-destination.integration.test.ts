import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayoutDesk, Withdrawal } from "../../../shared/responses/withdrawals";
import { withdrawalMessages as m } from "../../../shared/withdrawal-messages";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import { createFinanceAgent } from "../../test/statement-fixtures";
import { ORIGIN, STRONG_PASSWORD, createTestApp, type TestApp } from "../../test/test-app";
import { creditArtist, savePayoutDetails } from "../../test/withdrawal-fixtures";
import { DELETED_ACCOUNT_NAME } from "./withdrawal-repository";

/**
 * Where a withdrawal is paid, and what becomes of it (issue 47), on the
 * engine the suite runs on: the payout details as they stood at the request
 * (a change afterwards, a hijacked account's say, does not redirect money
 * already on its way); a request key reused with another amount; and the
 * artist's account deleted (refused while money is on its way, the records
 * kept after).
 */
let t: TestApp;
let finance: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, {
    TDS_THRESHOLD_RUPEES: "1000",
    PAYOUT_MINIMUM_RUPEES: "500",
    PAYOUT_DETAILS_HOLD_HOURS: "48",
  });
  finance = await createFinanceAgent(t.app);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const slow = { timeout: 120_000 };

type Method = "GET" | "POST";
const ask = (user: TestUser, method: Method, url: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url,
    headers: {
      cookie: user.cookie,
      ...(method === "POST" ? { origin: ORIGIN } : {}),
      ...(key ? { "idempotency-key": key } : {}),
    },
    ...(payload ? { payload } : {}),
  });
const withdraw = (user: TestUser, amountPaise: number, key?: string) =>
  ask(user, "POST", "/api/wallet/withdrawals", { amountPaise }, key);
const desk = async (view: string) =>
  (await ask(finance, "GET", `/api/desk/payouts?view=${view}`)).json<PayoutDesk>();
const bankFile = async () => (await ask(finance, "GET", "/api/desk/payouts/bank-file.csv")).body;
/** With the wallet's balance given up, as the page asks (decision 135). */
const deleteAccount = (user: TestUser, giveUpPaise: number) =>
  ask(user, "POST", "/api/account/delete", {
    password: STRONG_PASSWORD,
    confirm: "DELETE",
    giveUpPaise,
  });

/** An artist with UPI details on file (their hold already over) and money in the wallet. */
async function artistWith(paise: number, upiId: string, name: string) {
  const artist = await createUser(t.app, name);
  await savePayoutDetails(t.app, artist, { upiId, pan: null });
  await t.app.ctx.database.db
    .updateTable("payout_details")
    .set({ withdrawalsHeldUntil: null })
    .where("userId", "=", artist.id)
    .execute();
  await creditArtist(t.app, artist.id, paise);
  return artist;
}

describe("where a withdrawal is paid", slow, () => {
  it("is where the details stood at the request: a change afterwards redirects nothing", async () => {
    const artist = await artistWith(200_000, "owner.upi@okaxis", "Redirected Artist");
    const requested = await withdraw(artist, 60_000, "before-the-change");
    expect(requested.statusCode).toBe(201);
    const { id } = requested.json<Withdrawal>();
    expect((await ask(finance, "POST", `/api/desk/payouts/${id}/approve`)).statusCode).toBe(204);

    // Someone in the account changes the details after the request.
    await savePayoutDetails(t.app, artist, { upiId: "taker.upi@ybl", pan: null });
    const wallet = await ask(artist, "GET", "/api/wallet/withdrawals");
    expect(wallet.json().closedReason).toContain("on hold");

    const file = await bankFile();
    const line = file.split("\n").find((l) => l.includes(id));
    expect(line).toContain("owner.upi@okaxis");
    expect(file).not.toContain("taker.upi@ybl");
    const shown = (await desk("approved")).items.find((item) => item.id === id);
    expect(shown?.destination).toBe("UPI: ow•••@okaxis");
  });

  it("answers the same key again for the same amount, and refuses it for another", async () => {
    const artist = await artistWith(200_000, "retry.upi@okaxis", "Retrying Artist");
    const first = await withdraw(artist, 100_000, "one-dialog");
    expect(first.statusCode).toBe(201);
    const again = await withdraw(artist, 100_000, "one-dialog");
    expect(again.statusCode).toBe(200);
    expect(again.json<Withdrawal>().id).toBe(first.json<Withdrawal>().id);

    const changed = await withdraw(artist, 80_000, "one-dialog");
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(m.alreadyRequested(100_000));
    expect(changed.json().message).toBe("This withdrawal was already requested, for Rs.1,000.00.");
  });
});

describe("an artist's account deleted", slow, () => {
  it("is refused while a withdrawal is on its way, and keeps the withdrawal's record after", async () => {
    const artist = await artistWith(200_000, "leaving.upi@okaxis", "Leaving Artist");
    const { id } = (await withdraw(artist, 60_000, "last-withdrawal")).json<Withdrawal>();

    const refused = await deleteAccount(artist, 140_000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.deleteWhileInProgress);
    expect((await ask(artist, "GET", "/api/wallet/withdrawals")).statusCode).toBe(200);

    await ask(finance, "POST", `/api/desk/payouts/${id}/approve`);
    const paid = await ask(finance, "POST", `/api/desk/payouts/${id}/paid`, {
      reference: "UTR000111222",
    });
    expect(paid.statusCode).toBe(204);
    const deleted = await deleteAccount(artist, 140_000);
    expect(deleted.statusCode).toBe(200);

    const row = await t.app.ctx.database.db
      .selectFrom("withdrawal")
      .select(["state", "payoutDestination", "netPaise"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe("paid");
    expect(row.payoutDestination).toBeNull();
    const shown = (await desk("paid")).items.find((item) => item.id === id);
    expect(shown).toMatchObject({ artistName: DELETED_ACCOUNT_NAME, artistEmail: "" });
  });
});
