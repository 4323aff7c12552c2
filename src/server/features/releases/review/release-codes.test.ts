import { describe, expect, it } from "vitest";
import { gs1CheckDigit, isValidIsrc, isValidUpc } from "../../../../shared/release-codes";
import { isrcOf, upcCounterMax, upcOf } from "./release-codes";

describe("assigned codes", () => {
  it("write an ISRC as prefix, two-digit year and five-digit counter", () => {
    expect(isrcOf("INA1B", 2026, 1)).toBe("INA1B2600001");
    expect(isrcOf("INA1B", 2031, 99_999)).toBe("INA1B3199999");
    expect(isValidIsrc(isrcOf("INA1B", 2026, 42))).toBe(true);
  });

  it("write a UPC-A of 12 digits whose last is the GS1 check digit", () => {
    const upc = upcOf("890123456", 7);
    expect(upc).toMatch(/^\d{12}$/);
    expect(upc.slice(0, 11)).toBe("89012345607");
    expect(Number(upc[11])).toBe(gs1CheckDigit("89012345607"));
    expect(isValidUpc(upc)).toBe(true);
    // A known UPC-A: 036000291452.
    expect(upcOf("0360002914", 5)).toBe("036000291452");
    expect(upcCounterMax("890123456")).toBe(99);
    expect(upcCounterMax("123456")).toBe(99_999);
  });
});
