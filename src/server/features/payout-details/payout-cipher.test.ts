import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PayoutCipher, PayoutCipherError } from "./payout-cipher";

const cipher = new PayoutCipher(randomBytes(32));

describe("PayoutCipher", () => {
  it("round-trips a value, and never stores it in the clear or twice the same", () => {
    const a = cipher.encrypt("user-1", "accountNumber", "123456781234");
    const b = cipher.encrypt("user-1", "accountNumber", "123456781234");
    expect(a).not.toContain("123456781234");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(cipher.decrypt("user-1", "accountNumber", a)).toBe("123456781234");
  });

  it("refuses a value moved to another owner or field, a changed byte, or another key", () => {
    const stored = cipher.encrypt("user-1", "pan", "ABCDE1234F");
    expect(() => cipher.decrypt("user-2", "pan", stored)).toThrow(PayoutCipherError);
    expect(() => cipher.decrypt("user-1", "upiId", stored)).toThrow(PayoutCipherError);
    const parts = stored.split(".");
    const body = Buffer.from(parts[4]!, "base64url");
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString("base64url");
    expect(() => cipher.decrypt("user-1", "pan", parts.join("."))).toThrow(/authentication/);
    expect(() => new PayoutCipher(randomBytes(32)).decrypt("user-1", "pan", stored)).toThrow(
      /another key/,
    );
    expect(() => cipher.decrypt("user-1", "pan", "ABCDE1234F")).toThrow(PayoutCipherError);
  });

  it("wants a 32-byte key", () => {
    expect(() => new PayoutCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});
