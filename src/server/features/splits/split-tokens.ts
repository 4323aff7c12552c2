import { createHash, randomBytes } from "node:crypto";

/** An invitation link's token: 32 random bytes, url-safe (43 characters); only its hash is kept. */
export function newInviteToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashInviteToken(token) };
}

export function hashInviteToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
