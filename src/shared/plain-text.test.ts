import { describe, expect, it } from "vitest";
import { BROKEN_CHARACTER_MESSAGE, NUL_CHARACTER_MESSAGE } from "./nul-character";
import { plainString } from "./plain-text";

describe("plainString", () => {
  const name = plainString({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(5);

  it("refuses NUL first, with its own message", () => {
    const result = name.safeParse(`a\u0000${"x".repeat(10)}`);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([NUL_CHARACTER_MESSAGE]);
  });

  it("refuses half of a UTF-16 pair, and keeps whole pairs", () => {
    const text = plainString().max(80);
    for (const broken of ["x".repeat(79) + "\ud800", "ab\ud800cd", "\udc00", "a\udc00\ud83c"]) {
      expect(text.safeParse(broken).error?.issues.map((i) => i.message)).toEqual([
        BROKEN_CHARACTER_MESSAGE,
      ]);
    }
    expect(text.parse("Nova 🎵 ok")).toBe("Nova 🎵 ok");
    expect(text.parse("🎵")).toBe("🎵");
  });

  it("keeps the string checks chained after it", () => {
    expect(name.parse("  Nova ")).toBe("Nova");
    expect(name.safeParse("   ").error?.issues[0]?.message).toBe("Name is required.");
    expect(name.safeParse(42).error?.issues[0]?.message).toBe("Name is required.");
  });
});
