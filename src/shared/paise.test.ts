import { describe, expect, it } from "vitest";
import { paiseFromBigInt, paiseFromDb } from "./paise";

describe("paise read exactly", () => {
  it("reads each engine's answer as whole paise", () => {
    expect(paiseFromDb(12_345)).toBe(12_345);
    expect(paiseFromDb("-12345")).toBe(-12_345);
    expect(paiseFromDb(12_345n)).toBe(12_345);
    expect(paiseFromDb(null)).toBe(0);
    expect(paiseFromDb("9007199254740991")).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses a fraction, text that is no integer, and what a number cannot hold exactly", () => {
    expect(() => paiseFromDb(1.5)).toThrow(RangeError);
    expect(() => paiseFromDb("12.50")).toThrow(RangeError);
    expect(() => paiseFromDb("1e3")).toThrow(RangeError);
    expect(() => paiseFromDb("9007199254740993")).toThrow(RangeError);
    expect(() => paiseFromBigInt(2n ** 60n)).toThrow(RangeError);
  });
});
