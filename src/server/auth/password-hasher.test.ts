import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password-hasher";

describe("password hasher", () => {
  it("uses scrypt at ASVS strength (N=2^17, r=8) and verifies", async () => {
    const hash = await hashPassword("Str0ng-pass!");
    const [scheme, n, r] = hash.split("$");
    expect(scheme).toBe("scrypt");
    expect(Number(n)).toBeGreaterThanOrEqual(2 ** 17);
    expect(Number(r)).toBeGreaterThanOrEqual(8);
    expect(await verifyPassword({ hash, password: "Str0ng-pass!" })).toBe(true);
    expect(await verifyPassword({ hash, password: "Str0ng-pass?" })).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("Same-pass-1")).not.toBe(await hashPassword("Same-pass-1"));
  });

  it("rejects a malformed stored hash", async () => {
    expect(await verifyPassword({ hash: "bcrypt$abc", password: "x" })).toBe(false);
  });
});
