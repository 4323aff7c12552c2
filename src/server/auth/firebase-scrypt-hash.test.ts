import { describe, expect, it } from "vitest";
import {
  formatLegacyHash,
  isLegacyHash,
  modifiedScryptHash,
  parseLegacyHash,
  verifyLegacyHash,
} from "./firebase-scrypt-hash";

// The published test vector of the modified scrypt (firebase-scrypt's own spec).
const params = { memCost: 1, rounds: 1, saltSeparator: "separator", signerKey: "superlongkey" };

describe("imported hosted-service password hashes", () => {
  it("computes the published vector", async () => {
    expect(await modifiedScryptHash(params, "test", "salt")).toBe("PrZI5nfqjOEk");
  });

  it("stores the hash with its parameters and verifies it", async () => {
    const stored = formatLegacyHash({ params, salt: "salt", hash: "PrZI5nfqjOEk" });
    expect(stored).toBe("firebase-scrypt$1$1$separator$superlongkey$salt$PrZI5nfqjOEk");
    expect(isLegacyHash(stored)).toBe(true);
    expect(parseLegacyHash(stored)).toEqual({ params, salt: "salt", hash: "PrZI5nfqjOEk" });
    expect(await verifyLegacyHash(stored, "test")).toBe(true);
    expect(await verifyLegacyHash(stored, "Test")).toBe(false);
    expect(await verifyLegacyHash(stored, "")).toBe(false);
  });

  it("fails with other parameters than the ones the hash was made with", async () => {
    const wrongKey = { ...params, signerKey: "anotherlongkey" };
    const stored = formatLegacyHash({ params: wrongKey, salt: "salt", hash: "PrZI5nfqjOEk" });
    expect(await verifyLegacyHash(stored, "test")).toBe(false);
  });

  it("rejects malformed stored values and leaves the portal's own hashes alone", async () => {
    expect(isLegacyHash("scrypt$131072$8$1$abc$def")).toBe(false);
    expect(parseLegacyHash("firebase-scrypt$x$1$sep$key$salt$hash")).toBeNull();
    expect(parseLegacyHash("firebase-scrypt$1$1$sep$key$salt")).toBeNull();
    expect(await verifyLegacyHash("firebase-scrypt$1$1$sep$$salt$hash", "test")).toBe(false);
  });
});
