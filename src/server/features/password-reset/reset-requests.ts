import { LRUCache } from "lru-cache";
import type { AppContext } from "../../context";
import type { MailJobName } from "../../mail/mail-jobs";

/** What recording and answering a reset request use of the app. */
type ResetRequestDeps = Pick<AppContext, "auth" | "config" | "mail">;

/** The outbox job that turns a forgot-password request into a mail (or nothing). */
export const RESET_REQUEST_JOB = "reset-request" satisfies MailJobName;

/**
 * Forgot password answers before anything depends on whether the account
 * exists: the request is recorded as a job (the same write for every email)
 * and the job engine looks the account up afterwards. better-auth then
 * issues the token and our hook records the reset mail. The job itself
 * sends nothing, so it ends as "skipped".
 */
export function registerResetRequests(ctx: ResetRequestDeps): void {
  ctx.mail.compose(RESET_REQUEST_JOB, async ({ email }) => {
    await ctx.auth.api.requestPasswordReset({
      body: { email, redirectTo: `${ctx.config.publicUrl}/reset-password` },
    });
    return null;
  });
}

/** Records the request; the engine is woken once the answer has left (see the route). */
export function recordResetRequest(ctx: ResetRequestDeps, email: string) {
  return ctx.mail.record(RESET_REQUEST_JOB, { email });
}

/** Below every other job: a repeat runs when nothing else waits (decision 095). */
export const REPEATED_RESET_REQUEST_PRIORITY = -1;

/**
 * The engine's priority for a request, decided when it is woken, after the
 * answer has left (so it cannot change the answer's time): an address's first
 * request within the hour keeps its kind's priority (undefined); asking again
 * for the same address, from anywhere, goes behind everything else, so
 * repeating addresses cannot hold up anyone else's first link. Counted per
 * instance, in memory.
 */
export function createResetRequestPriorities(max = 50_000, windowMs = 60 * 60_000) {
  const asked = new LRUCache<string, true>({ max, ttl: windowMs });
  return (email: string): number | undefined => {
    if (!asked.has(email)) {
      asked.set(email, true);
      return undefined;
    }
    return REPEATED_RESET_REQUEST_PRIORITY;
  };
}
