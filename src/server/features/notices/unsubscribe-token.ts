import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * One-click unsubscribe works signed out, so the link carries who it is for,
 * signed with a key derived from the server secret. It never expires (old
 * mails must keep working) and using it twice changes nothing.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac("sha256", secret).update("unsubscribe-unread-notices").digest();
  const sign = (userId: string) => createHmac("sha256", key).update(userId).digest("base64url");
  return {
    issue: (userId: string) => `${userId}.${sign(userId)}`,
    /** The user id a token was issued for, or undefined for a forged one. */
    verify(token: string): string | undefined {
      const dot = token.lastIndexOf(".");
      if (dot <= 0) return undefined;
      const userId = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(sign(userId));
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? userId
        : undefined;
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
