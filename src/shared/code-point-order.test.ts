import { describe, expect, it } from "vitest";
import { byCodePoint } from "./code-point-order";

describe("byCodePoint", () => {
  it("puts capitals before small letters, as the locale's order does not", () => {
    const ids = ["b1", "Za", "a9", "AZ"];
    expect([...ids].sort(byCodePoint)).toEqual(["AZ", "Za", "a9", "b1"]);
    expect([...ids].sort((a, b) => a.localeCompare(b, "en"))).not.toEqual(["AZ", "Za", "a9", "b1"]);
    expect(byCodePoint("same", "same")).toBe(0);
  });
});
