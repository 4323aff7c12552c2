import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { financialYearOf } from "./india-time";

describe("financialYearOf", () => {
  const ist = (iso: string) => Date.parse(`${iso}+05:30`);

  it("runs from 1 April to 31 March, Indian time", () => {
    expect(financialYearOf(ist("2026-04-01T00:00:00"))).toMatchObject({
      startYear: 2026,
      label: "2026-27",
      startMs: ist("2026-04-01T00:00:00"),
      endMs: ist("2027-04-01T00:00:00"),
    });
    expect(financialYearOf(ist("2026-03-31T23:59:59")).label).toBe("2025-26");
    expect(financialYearOf(ist("2027-01-15T12:00:00")).startYear).toBe(2026);
    // 31 March 20:00 UTC is already 1 April in India.
    expect(financialYearOf(Date.parse("2026-03-31T20:00:00Z")).label).toBe("2026-27");
    expect(financialYearOf(ist("2099-06-01T00:00:00")).label).toBe("2099-00");
  });

  it("always holds the instant it was asked about", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        const year = financialYearOf(ms);
        expect(year.startMs).toBeLessThanOrEqual(ms);
        expect(ms).toBeLessThan(year.endMs);
      }),
    );
  });
});
