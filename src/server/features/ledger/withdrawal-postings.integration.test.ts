import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../test/chat-test-helpers";
import { createTestApp, type TestApp } from "../../test/test-app";
import { creditArtist } from "../../test/withdrawal-fixtures";
import {
  availableBalancesOf,
  BalanceTooLowError,
  postWithdrawalRequests,
  TDS_PAYABLE_ACCOUNT,
  WITHDRAWALS_ACCOUNT,
  type WithdrawalMoney,
} from "./withdrawal-postings";
import { accountBalance } from "./withdrawal-ledger-repository";

/**
 * A burst of withdrawal requests posted in one set of statements (decision
 * 117), on the engine the suite runs on: every artist debited their own
 * amount and the shared accounts by the burst's sums, or, when any balance
 * does not cover its amount, a refusal that leaves nothing behind.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const request = (artistId: string, amountPaise: number, tdsPaise = 0): WithdrawalMoney => ({
  withdrawalId: randomUUID(),
  artistId,
  amountPaise,
  tdsPaise,
  by: artistId,
  now: Date.now(),
});

describe("postWithdrawalRequests", () => {
  it("refuses a burst with one balance short, posting nothing; posts a covered one whole", async () => {
    const { db } = t.app.ctx.database;
    const rich = await createUser(t.app, "Rich Artist");
    const poor = await createUser(t.app, "Poor Artist");
    await creditArtist(t.app, rich.id, 100_000);
    await creditArtist(t.app, poor.id, 50_000);
    const shared = async () => [
      await accountBalance(db, WITHDRAWALS_ACCOUNT),
      await accountBalance(db, TDS_PAYABLE_ACCOUNT),
    ];
    const before = await shared();

    const short = [request(rich.id, 60_000), request(poor.id, 60_000)];
    await expect(
      db.transaction().execute((trx) => postWithdrawalRequests(trx, short)),
    ).rejects.toBeInstanceOf(BalanceTooLowError);
    expect(await availableBalancesOf(db, [rich.id, poor.id])).toEqual([100_000, 50_000]);
    expect(await shared()).toEqual(before);

    await db
      .transaction()
      .execute((trx) =>
        postWithdrawalRequests(trx, [request(rich.id, 60_000), request(poor.id, 40_000, 4_000)]),
      );
    expect(await availableBalancesOf(db, [rich.id, poor.id])).toEqual([40_000, 10_000]);
    expect(await shared()).toEqual([before[0]! + 96_000, before[1]! + 4_000]);
  });
});
