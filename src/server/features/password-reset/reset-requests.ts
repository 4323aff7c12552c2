import type { LRUCache } from "lru-cache";
import { growingLruCache } from "../../cache/growing-lru-cache";
import type { AppContext } from "../../context";
import { MAIL_JOB_PRIORITY, type MailJobName } from "../../mail/mail-jobs";

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
export function recordResetRequest(ctx: ResetRequestDeps, email: string, priority: number) {
  return ctx.mail.record(RESET_REQUEST_JOB, { email }, priority);
}

/** The lowest a request can rank: far below every other kind of job. */
const LOWEST_PRIORITY = -1_000;

/**
 * The priority of a reset request (decision 095): its kind's priority less
 * its rank, the larger of how many times this requester (IP) and this
 * address have asked within the hour. Every requester's first request runs
 * before anyone's second, and so on: a round robin over requesters, so a
 * script sending many addresses from a few places, or repeating one address
 * from many, waits behind each person who asked once. Past nine, a request
 * also waits behind unread notices. Counted in memory per instance, the same
 * lookups for every email, known or not, so the answer's time says nothing.
 */
export function createResetRequestPriorities(max = 50_000, windowMs = 60 * 60_000) {
  const counts = () => growingLruCache<string, number>(max, { ttl: windowMs, noUpdateTTL: true });
  const requesters = counts();
  const addresses = counts();
  const next = (cache: LRUCache<string, number>, key: string) => {
    const n = (cache.get(key) ?? 0) + 1;
    cache.set(key, n);
    return n;
  };
  return (requester: string, email: string): number => {
    const rank = Math.max(next(requesters, requester), next(addresses, email));
    return Math.max(MAIL_JOB_PRIORITY[RESET_REQUEST_JOB] - rank, LOWEST_PRIORITY);
  };
}
