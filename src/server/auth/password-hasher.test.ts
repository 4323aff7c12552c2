import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword, setHashStrengthForTests, verifyPassword } from "./password-hasher";

// The real strength, not the test suites' cheap one (decision 107).
beforeAll(() => setHashStrengthForTests("default"));

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

  it("verifies a hash made at another strength by the strength it names", async () => {
    setHashStrengthForTests({ N: 2 ** 12, r: 8, p: 1 });
    const cheap = await hashPassword("Str0ng-pass!");
    setHashStrengthForTests("default");
    expect(cheap.split("$")[1]).toBe(String(2 ** 12));
    expect(await verifyPassword({ hash: cheap, password: "Str0ng-pass!" })).toBe(true);
    expect((await hashPassword("Str0ng-pass!")).split("$")[1]).toBe(String(2 ** 17));
  });

  it("rejects a malformed stored hash", async () => {
    expect(await verifyPassword({ hash: "bcrypt$abc", password: "x" })).toBe(false);
  });
});
