import { describe, expect, it } from "vitest";
import { byCodeUnit } from "./code-unit-order";

describe("byCodeUnit", () => {
  it("puts capitals before small letters, as the locale's order does not", () => {
    const ids = ["b1", "Za", "a9", "AZ"];
    expect([...ids].sort(byCodeUnit)).toEqual(["AZ", "Za", "a9", "b1"]);
    expect([...ids].sort((a, b) => a.localeCompare(b, "en"))).not.toEqual(["AZ", "Za", "a9", "b1"]);
    expect(byCodeUnit("same", "same")).toBe(0);
  });
});
