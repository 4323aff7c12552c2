import { describe, expect, it } from "vitest";
import { rupeesToPaise } from "./rupees";

describe("rupeesToPaise", () => {
  it("reads rupees as whole paise from the digits", () => {
    expect(rupeesToPaise("1500")).toBe(150_000);
    expect(rupeesToPaise("1,500.5")).toBe(150_050);
    expect(rupeesToPaise(" 0.07 ")).toBe(7);
    expect(rupeesToPaise("4321.99")).toBe(432_199);
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "abc", "1.234", "-5", "1e3", "12.3.4"]) {
      expect(rupeesToPaise(text), text).toBeNull();
    }
  });
});
