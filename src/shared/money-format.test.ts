import { describe, expect, it } from "vitest";
import { formatPaise, groupIndian, paiseToDecimal } from "./money-format";

describe("formatPaise", () => {
  it.each([
    [0, "Rs.0.00"],
    [5, "Rs.0.05"],
    [12_345_678, "Rs.1,23,456.78"],
    [100_000_000_00, "Rs.10,00,00,000.00"],
    [1_00_00_000_00, "Rs.1,00,00,000.00"],
    [-250_00, "-Rs.250.00"],
    [99_999, "Rs.999.99"],
  ])("%d paise is %s", (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });

  it("refuses a fraction of a paisa", () => {
    expect(() => formatPaise(1.5)).toThrow(RangeError);
  });

  it("groups the Indian way and writes plain decimals", () => {
    expect(groupIndian("1234567")).toBe("12,34,567");
    expect(groupIndian("123")).toBe("123");
    expect(paiseToDecimal(-5)).toBe("-0.05");
    expect(paiseToDecimal(123_45)).toBe("123.45");
  });
});
