import { describe, expect, it } from "vitest";
import { WALLET_BALANCE, formatRupees, sampleTransactions } from "./wallet";

describe("formatRupees", () => {
  it.each([
    [0, "Rs.0.00"],
    [5, "Rs.5.00"],
    [780.5, "Rs.780.50"],
    [150.255, "Rs.150.26"],
    [1250, "Rs.1,250.00"],
    [123456.7, "Rs.1,23,456.70"],
    [-499, "-Rs.499.00"],
  ])("%d is %j", (amount, expected) => {
    expect(formatRupees(amount)).toBe(expected);
  });

  it("shows the fixed balance as Rs.0.00", () => {
    expect(formatRupees(WALLET_BALANCE)).toBe("Rs.0.00");
  });
});

describe("sample transactions", () => {
  it("are credits and debits with unique ids, positive amounts and ISO dates", () => {
    const ids = new Set(sampleTransactions.map((t) => t.id));
    expect(ids.size).toBe(sampleTransactions.length);
    expect(new Set(sampleTransactions.map((t) => t.type))).toEqual(new Set(["credit", "debit"]));
    for (const t of sampleTransactions) {
      expect(t.amount).toBeGreaterThan(0);
      expect(t.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
