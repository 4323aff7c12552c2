import type { AppContext } from "../../context";

/** What recording and answering a reset request use of the app. */
type ResetRequestDeps = Pick<AppContext, "auth" | "config" | "mail">;

/** The outbox job that turns a forgot-password request into a mail (or nothing). */
export const RESET_REQUEST_JOB = "reset-request" as const;

interface ResetRequestPayload {
  email: string;
}

/**
 * Forgot password answers before anything depends on whether the account
 * exists: the request is recorded as a job (the same write for every email)
 * and the job engine looks the account up afterwards. better-auth then
 * issues the token and our hook records the reset mail. The job itself
 * sends nothing, so it ends as "skipped".
 */
export function registerResetRequests(ctx: ResetRequestDeps): void {
  ctx.mail.compose(RESET_REQUEST_JOB, async (payload) => {
    const { email } = payload as ResetRequestPayload;
    await ctx.auth.api.requestPasswordReset({
      body: { email, redirectTo: `${ctx.config.publicUrl}/reset-password` },
    });
    return null;
  });
}

/** Records the request; the engine is woken once the answer has left (see the route). */
export function recordResetRequest(ctx: ResetRequestDeps, email: string): Promise<string> {
  return ctx.mail.record(RESET_REQUEST_JOB, { email } satisfies ResetRequestPayload);
}
