import { describe, expect, it } from "vitest";
import { formatMonthSpan, formatSaleMonth, transactionDescription } from "./wallet-text";

describe("wallet texts", () => {
  it("name sale months and their spans", () => {
    expect(formatSaleMonth("2026-10")).toBe("Oct 2026");
    expect(formatMonthSpan("2026-10", "2026-10")).toBe("Oct 2026");
    expect(formatMonthSpan("2026-09", "2026-10")).toBe("Sep–Oct 2026");
    expect(formatMonthSpan("2026-12", "2025-12")).toBe("Dec 2025–Dec 2026");
    expect(formatMonthSpan("2025-12", "2026-01")).toBe("Dec 2025–Jan 2026");
  });

  it("describe a transaction with its stores in the portal's order and its months", () => {
    expect(
      transactionDescription("earnings", ["JioSaavn", "Spotify", "JioSaavn"], ["2026-10"]),
    ).toBe("Earnings · Spotify, JioSaavn · Oct 2026");
    expect(transactionDescription("reversal", ["Spotify"], ["2026-10", "2026-09"])).toBe(
      "Earnings reversed · Spotify · Sep–Oct 2026",
    );
    expect(transactionDescription("assignment", ["Zed Store", "Gaana"], [])).toBe(
      "Earnings assigned · Gaana, Zed Store",
    );
  });
});
