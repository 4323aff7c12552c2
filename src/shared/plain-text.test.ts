import { describe, expect, it } from "vitest";
import { NUL_CHARACTER_MESSAGE } from "./nul-character";
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

  it("keeps the string checks chained after it", () => {
    expect(name.parse("  Nova ")).toBe("Nova");
    expect(name.safeParse("   ").error?.issues[0]?.message).toBe("Name is required.");
    expect(name.safeParse(42).error?.issues[0]?.message).toBe("Name is required.");
  });
});
