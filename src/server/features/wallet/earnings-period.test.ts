import { describe, expect, it } from "vitest";
import { periodMonths } from "./earnings-period";

const at = (iso: string) => Date.parse(iso);

describe("earnings periods", () => {
  it("run the Indian financial year from April to March, on India's clock", () => {
    expect(periodMonths("financialYear", at("2026-03-15T12:00:00Z"))).toEqual({
      from: "2025-04",
      to: "2026-03",
    });
    // 31 March 20:00 UTC is already 1 April in India: the new year.
    expect(periodMonths("financialYear", at("2026-03-31T20:00:00Z"))).toEqual({
      from: "2026-04",
      to: "2027-03",
    });
    expect(periodMonths("financialYear", at("2026-12-31T12:00:00Z"))).toEqual({
      from: "2026-04",
      to: "2027-03",
    });
    expect(periodMonths("financialYear", at("2027-01-10T12:00:00Z"))).toEqual({
      from: "2026-04",
      to: "2027-03",
    });
  });

  it("take the last 12 sale months up to this one, across a year's end", () => {
    expect(periodMonths("last12", at("2026-10-05T00:00:00Z"))).toEqual({
      from: "2025-11",
      to: "2026-10",
    });
    expect(periodMonths("last12", at("2026-01-31T19:00:00Z"))).toEqual({
      from: "2025-03",
      to: "2026-02",
    });
  });

  it("leave all time open at both ends", () => {
    expect(periodMonths("all", at("2026-10-05T00:00:00Z"))).toEqual({ from: null, to: null });
  });
});
