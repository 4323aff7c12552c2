import { describe, expect, it } from "vitest";
import { countryKey, countryLabel, monthRows } from "./earnings-rows";

describe("earnings rows", () => {
  it("name countries by code, keep names as written, and call nothing Unknown", () => {
    expect(countryKey(" in ")).toBe("IN");
    expect(countryLabel(countryKey("in"))).toBe("India");
    expect(countryKey("India")).toBe("India");
    expect(countryLabel("India")).toBe("India");
    for (const unknown of ["", "  ", "ZZ", "xx", "WW"]) expect(countryKey(unknown)).toBe("Unknown");
    expect(countryLabel("Unknown")).toBe("Unknown");
  });

  it("list every month of a period up to this one, zeros included", () => {
    const sums = [{ saleMonth: "2026-02", quantity: 5, amountPaise: 700 }];
    const rows = monthRows(sums, { from: "2025-12", to: "2026-11" }, "2026-03");
    expect(rows.map((r) => [r.key, r.label, r.amountPaise])).toEqual([
      ["2025-12", "Dec 2025", 0],
      ["2026-01", "Jan 2026", 0],
      ["2026-02", "Feb 2026", 700],
      ["2026-03", "Mar 2026", 0],
    ]);
    expect(monthRows([], { from: null, to: null }, "2026-03")).toEqual([]);
  });
});
