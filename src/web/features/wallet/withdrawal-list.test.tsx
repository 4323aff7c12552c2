import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Withdrawal } from "../../../shared/responses/withdrawals";
import { WithdrawalList } from "./withdrawal-list";

const withdrawal = (over: Partial<Withdrawal>): Withdrawal => ({
  id: "w1",
  state: "requested",
  amountPaise: 5_500_000,
  tdsPaise: 556_000,
  netPaise: 4_944_000,
  tdsRatePercent: 10,
  financialYear: "2026-27",
  reference: null,
  failureReason: null,
  requestedAt: Date.UTC(2026, 11, 1),
  approvedAt: null,
  paidAt: null,
  failedAt: null,
  ...over,
});

/** Each withdrawal's list item, as its text. */
const items = (html: string) =>
  [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map(([, inner]) => inner!.replace(/<[^>]+>/g, " "));

describe("the artist's withdrawals", () => {
  it("show the TDS and what the artist receives while a withdrawal goes ahead", () => {
    const [item] = items(renderToStaticMarkup(<WithdrawalList items={[withdrawal({})]} />));
    expect(item).toContain("Requested");
    expect(item).toContain("TDS Rs.5,560.00 · You receive Rs.49,440.00");
  });

  it("show a failed one's whole amount returned, its reason, and no TDS or money received", () => {
    const failed = withdrawal({
      state: "failed",
      failureReason: "The UPI ID was closed",
      failedAt: Date.UTC(2026, 11, 2),
    });
    const [item] = items(renderToStaticMarkup(<WithdrawalList items={[failed]} />));
    expect(item).not.toContain("You receive");
    expect(item).not.toContain("TDS");
    expect(item).toContain("Returned to your wallet: Rs.55,000.00");
    expect(item).toContain("Failed: The UPI ID was closed");
  });
});
