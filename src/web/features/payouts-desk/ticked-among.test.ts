import { describe, expect, it } from "vitest";
import type { DeskWithdrawal } from "../../../shared/responses/withdrawals";
import { tickedAmong } from "./payouts-page";

const withdrawal = (id: string, state: DeskWithdrawal["state"] = "requested"): DeskWithdrawal => ({
  id,
  state,
  amountPaise: 60_000,
  tdsPaise: 0,
  netPaise: 60_000,
  tdsRatePercent: 10,
  financialYear: "2026-27",
  reference: null,
  failureReason: null,
  requestedAt: 0,
  approvedAt: null,
  paidAt: null,
  failedAt: null,
  artistId: `artist-${id}`,
  artistName: `Artist ${id}`,
  artistEmail: `${id}@example.test`,
  destination: "UPI: ka•••@okhdfc",
});

describe("Approve selected", () => {
  it("sends the ticked withdrawals still waiting in the view", () => {
    expect(tickedAmong(["a", "b"], [withdrawal("a"), withdrawal("b"), withdrawal("c")])).toEqual([
      "a",
      "b",
    ]);
  });

  it("leaves out one that left the view (approved on its own, or moved by another agent)", () => {
    // "a" was approved with its own Approve: the view came back without it.
    expect(tickedAmong(["a", "b"], [withdrawal("b")])).toEqual(["b"]);
    expect(tickedAmong(["a"], [withdrawal("b")])).toEqual([]);
    // Still in the list, no longer requested (the answer not yet refreshed away).
    expect(tickedAmong(["a"], [withdrawal("a", "approved")])).toEqual([]);
  });
});
