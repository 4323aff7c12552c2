import { describe, expect, it } from "vitest";
import { passwordMeetsRules, passwordRules, strongPasswordSchema } from "./password-rules";

const rule = (id: string) => passwordRules.find((r) => r.id === id)!;

describe("password rules", () => {
  it.each([
    ["length", "Ab1!xyz", false],
    ["length", "Ab1!wxyz", true],
    ["uppercase", "abc1!defg", false],
    ["uppercase", "Abc1!defg", true],
    ["lowercase", "ABC1!DEFG", false],
    ["lowercase", "ABc1!DEFG", true],
    ["digit", "Abcd!efgh", false],
    ["digit", "Abcd!efg5", true],
    ["special", "Abcd1efgh", false],
    ["special", "Abcd1efg.", true],
    ["special", "Abcd1efg$", true],
    ["special", "Abcd1 efg", false],
  ])("%s rule on %j is %s", (id, password, expected) => {
    expect(rule(id).test(password)).toBe(expected);
  });

  it("has the five rules of the spec in order", () => {
    expect(passwordRules.map((r) => r.id)).toEqual([
      "length",
      "uppercase",
      "lowercase",
      "digit",
      "special",
    ]);
  });

  it("accepts a password only when every rule holds", () => {
    expect(passwordMeetsRules("Demo-pass-1")).toBe(true);
    expect(passwordMeetsRules("demo-pass-1")).toBe(false);
  });

  it("reports the spec's message when a rule fails", () => {
    const result = strongPasswordSchema.safeParse("weak");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      "Please ensure your password meets all the security requirements.",
    );
  });
});
