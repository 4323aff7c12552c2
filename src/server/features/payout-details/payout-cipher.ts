import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Payout details at rest (issue 47): AES-256-GCM from node:crypto, a fresh
 * 96-bit nonce per value. The additional data names the owner and the field,
 * so a value copied into another row or column no longer decrypts. Stored as
 * `v1.<key id>.<nonce>.<tag>.<ciphertext>` (base64url): the key id (a hash of
 * the key, not the key) says which key a value needs, so a changed
 * PAYOUT_DETAILS_KEY is told apart from a damaged value.
 */
export type PayoutField = "upiId" | "accountNumber" | "pan";

const VERSION = "v1";

export class PayoutCipherError extends Error {}

export class PayoutCipher {
  readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error("PayoutCipher: the key must be 32 bytes");
    this.keyId = createHash("sha256")
      .update("payout-details-key")
      .update(key)
      .digest("hex")
      .slice(0, 8);
  }

  encrypt(ownerId: string, field: PayoutField, clear: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, nonce);
    cipher.setAAD(additionalData(ownerId, field));
    const body = Buffer.concat([cipher.update(clear, "utf8"), cipher.final()]);
    const parts = [nonce, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
    return [VERSION, this.keyId, ...parts].join(".");
  }

  decrypt(ownerId: string, field: PayoutField, stored: string): string {
    const [version, keyId, nonce, tag, body] = stored.split(".");
    if (version !== VERSION || nonce === undefined || tag === undefined || body === undefined) {
      throw new PayoutCipherError("not an encrypted payout value");
    }
    if (keyId !== this.keyId) {
      throw new PayoutCipherError(
        `encrypted with another key (${keyId ?? "?"}, this one is ${this.keyId}): PAYOUT_DETAILS_KEY changed?`,
      );
    }
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(nonce, "base64url"));
    decipher.setAAD(additionalData(ownerId, field));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    try {
      const clear = Buffer.concat([
        decipher.update(Buffer.from(body, "base64url")),
        decipher.final(),
      ]);
      return clear.toString("utf8");
    } catch {
      throw new PayoutCipherError("a payout value failed its authentication check");
    }
  }
}

function additionalData(ownerId: string, field: PayoutField): Buffer {
  return Buffer.from(`payout-details:${ownerId}:${field}`, "utf8");
}
