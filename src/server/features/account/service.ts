import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import {
  AGENT_DELETE_REFUSED_MESSAGE,
  EMAIL_CHANGE_FAILED_MESSAGE,
  PASSWORD_CHANGE_FAILED_MESSAGE,
  RECENT_LOGIN_REQUIRED_MESSAGE,
  SAME_EMAIL_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from "../../../shared/account-messages";
import { EMAIL_TAKEN_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE } from "../../../shared/auth-messages";
import { UNDO_EMAIL_TAKEN_MESSAGE, UNDO_LINK_INVALID_MESSAGE } from "../../../shared/sessions";
import type { PublicUser } from "../../../shared/user";
import { endSessions } from "../../auth/session-service";
import type { AttemptLimiter } from "../../auth/attempt-limiter";
import {
  dropHold,
  holdEmail,
  isEmailHeld,
  releaseEmail,
  releaseHoldsOf,
} from "../../auth/email-hold-repository";
import type { Auth } from "../../auth/auth";
import { verifyPassword } from "../../auth/password-hasher";
import { revokeResetLinks } from "../../auth/reset-links";
import type { AccountDeletion, RemovedUserData, UserDataRemover } from "../../context";
import type { Database } from "../../db/schema";
import type { DomainEvents } from "../../events/domain-events";
import { HttpError } from "../../http/errors";
import type { NoticeDeps } from "../notices/notice-deps";
import { notifyEmailChanged } from "../notices/security-notices";
import { UNDO_EMAIL_TTL_MS, createUndoToken, takeUndoToken } from "./email-change-undo";
import {
  deleteUserRows,
  findPasswordHash,
  findUserEmail,
  isEmailTakenByOther,
  restoreEmail,
  scramblePassword,
} from "./repository";
import { DAY_MS } from "../../../shared/durations";

/** Sessions older than this must sign in again before changing the password. */
export const RECENT_LOGIN_MAX_AGE_MS = DAY_MS;

const reauthKey = (userId: string) => `reauth:${userId}`;

/**
 * Re-authentication with the current password. Failures count against a
 * per-user limit, so a stolen session cannot be used to guess the password.
 * Throws 429 when blocked; answers false for a wrong password.
 */
export async function checkPassword(
  db: Kysely<Database>,
  limiter: AttemptLimiter,
  userId: string,
  password: string,
): Promise<boolean> {
  if (await limiter.isBlocked(reauthKey(userId))) {
    throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, undefined, "TOO_MANY_ATTEMPTS");
  }
  const hash = await findPasswordHash(db, userId);
  const ok = hash !== null && (await verifyPassword({ hash, password }));
  if (ok) await limiter.reset(reauthKey(userId));
  else await limiter.recordFailure(reauthKey(userId));
  return ok;
}

export async function recordPasswordFailure(limiter: AttemptLimiter, userId: string) {
  await limiter.recordFailure(reauthKey(userId));
}

export async function isReauthBlocked(limiter: AttemptLimiter, userId: string) {
  return limiter.isBlocked(reauthKey(userId));
}

/**
 * Deletes everything of the user in one transaction: every feature's data
 * (chat, songs, profile pictures: the removers app.ts hands over), then the
 * user row with its auth account and sessions. If any step fails, nothing is
 * deleted. Answers the stored files whose bytes may go once committed.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  removers: readonly UserDataRemover[],
  userId: string,
  deletion: AccountDeletion,
): Promise<Required<RemovedUserData>> {
  return db.transaction().execute(async (trx) => {
    const removed: Required<RemovedUserData> = { fileIds: [], posted: [] };
    for (const remove of removers) {
      const { fileIds, posted = [] } = await remove(trx, userId, deletion);
      removed.fileIds.push(...fileIds);
      removed.posted.push(...posted);
    }
    await releaseHoldsOf(trx, userId);
    await deleteUserRows(trx, userId);
    return removed;
  });
}

/** better-auth's answer to one of its endpoints, called for the current request. */
export type AuthCall = (path: string, body: unknown) => Promise<{ status: number; text: string }>;

/** The signed-in caller, with the time their session started. */
export interface FullSession {
  user: PublicUser;
  sessionId: string;
  startedAt: number;
}

export interface AccountServiceDeps {
  db: Kysely<Database>;
  events: DomainEvents;
  auth: Auth;
  publicUrl: string;
  /** Mails the old and the new address after an email change. */
  notices: NoticeDeps;
  /** Counts wrong current-password attempts per user. */
  reauthLimiter: AttemptLimiter;
  /** What each feature holds of a user, removed with the account. */
  userDataRemovers: readonly UserDataRemover[];
}

/** better-auth's error code from its JSON answer, if it has one. */
function errorCode(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { code?: string } | null)?.code;
  } catch {
    return undefined;
  }
}

const wrongPassword = (message: string) =>
  new HttpError(400, message, { password: message }, "INVALID_PASSWORD");

/**
 * Password, email and account deletion, each re-authenticated with the
 * current password. Every change is announced on the bus after it commits
 * (`user.passwordChanged`, `user.emailChanged`, `session.ended`,
 * `files.deleted`, `user.deleted`).
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /**
   * better-auth verifies the current password, stores the new hash, ends
   * every session and issues a fresh one for this browser. `answer` sends
   * the reply (with that fresh cookie) before the change is announced: then
   * sockets and cached sessions go, and this tab reconnects with the new cookie.
   */
  async changePassword(
    session: FullSession,
    input: { currentPassword: string; newPassword: string },
    callAuth: AuthCall,
    answer: () => unknown,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const { db, events, reauthLimiter } = this.deps;
    const { user, startedAt } = session;
    if (Date.now() - startedAt > RECENT_LOGIN_MAX_AGE_MS) {
      throw new HttpError(403, RECENT_LOGIN_REQUIRED_MESSAGE, undefined, "REQUIRES_RECENT_LOGIN");
    }
    if (await isReauthBlocked(reauthLimiter, user.id)) {
      throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, undefined, "TOO_MANY_ATTEMPTS");
    }
    const { status, text } = await callAuth("/api/auth/change-password", {
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      revokeOtherSessions: true,
    });
    if (status < 300) {
      // Reset links sent before the change die with the old password.
      await revokeResetLinks(db, user.id);
      await answer();
      await events.emit("user.passwordChanged", {
        userId: user.id,
        email: user.email,
        at: Date.now(),
      });
      return;
    }
    const code = errorCode(text);
    if (code === "INVALID_PASSWORD") {
      await recordPasswordFailure(reauthLimiter, user.id);
      throw new HttpError(
        400,
        WRONG_CURRENT_PASSWORD_MESSAGE,
        { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE },
        "INVALID_PASSWORD",
      );
    }
    log.warn({ status, code }, "change-password refused by auth");
    throw new HttpError(status >= 500 ? 502 : 400, PASSWORD_CHANGE_FAILED_MESSAGE);
  }

  /**
   * Changes the sign-in email; every other browser is signed out (this one
   * stays) and the old address gets a 7-day undo link.
   */
  async changeEmail(
    session: FullSession,
    input: { password: string; newEmail: string },
    callAuth: AuthCall,
    log: FastifyBaseLogger,
  ): Promise<{ ok: true; email: string }> {
    const { db, events, reauthLimiter, publicUrl } = this.deps;
    const { user, sessionId } = session;
    if (!(await checkPassword(db, reauthLimiter, user.id, input.password))) {
      throw wrongPassword(WRONG_PASSWORD_MESSAGE);
    }
    if (input.newEmail === user.email) {
      throw new HttpError(400, SAME_EMAIL_MESSAGE, { newEmail: SAME_EMAIL_MESSAGE }, "SAME_EMAIL");
    }
    // better-auth answers "ok" for a taken email (so outsiders cannot probe);
    // this caller has proved the password, so the spec's message is shown.
    if (
      (await isEmailTakenByOther(db, input.newEmail, user.id)) ||
      (await isEmailHeld(db, input.newEmail, user.id))
    ) {
      throw new HttpError(
        409,
        EMAIL_TAKEN_MESSAGE,
        { newEmail: EMAIL_TAKEN_MESSAGE },
        "EMAIL_TAKEN",
      );
    }
    // The old address is held before it is let go: no sign-up can take it in between.
    const now = new Date();
    const until = new Date(now.getTime() + UNDO_EMAIL_TTL_MS);
    const holdId = await holdEmail(db, { email: user.email, userId: user.id, until, now });
    const { status } = await callAuth("/api/auth/change-email", { newEmail: input.newEmail });
    if (status >= 300) {
      await dropHold(db, holdId);
      log.warn({ status }, "change-email refused by auth");
      throw new HttpError(status >= 500 ? 502 : 400, EMAIL_CHANGE_FAILED_MESSAGE);
    }
    // As after a password change: reset links sent to the old address die,
    // and every other browser is signed out (this one stays).
    const change = { userId: user.id, oldEmail: user.email, newEmail: input.newEmail };
    await revokeResetLinks(db, user.id);
    await endSessions(db, events, user.id, { keep: sessionId });
    await events.emit("user.emailChanged", { ...change, at: Date.now() });
    const token = await createUndoToken(db, change);
    await notifyEmailChanged(this.deps.notices, {
      ...change,
      undoUrl: `${publicUrl}/undo-email-change?token=${token}`,
    });
    return { ok: true, email: input.newEmail };
  }

  /**
   * Undoes an email change with the link mailed to the old address: the old
   * address returns, every session ends, a reset link goes to it.
   */
  async undoEmailChange(token: string, log: FastifyBaseLogger): Promise<void> {
    const { db, events, auth, publicUrl } = this.deps;
    const change = await takeUndoToken(db, token);
    const current = change && (await findUserEmail(db, change.userId));
    if (!change || !current) {
      throw new HttpError(400, UNDO_LINK_INVALID_MESSAGE, undefined, "INVALID_TOKEN");
    }
    if (await isEmailTakenByOther(db, change.oldEmail, change.userId)) {
      throw new HttpError(409, UNDO_EMAIL_TAKEN_MESSAGE, undefined, "EMAIL_TAKEN");
    }
    await restoreEmail(db, change.userId, change.oldEmail);
    await releaseEmail(db, change.oldEmail);
    await scramblePassword(db, change.userId);
    await revokeResetLinks(db, change.userId);
    await endSessions(db, events, change.userId, "all");
    await events.emit("user.emailChanged", {
      userId: change.userId,
      oldEmail: current,
      newEmail: change.oldEmail,
      at: Date.now(),
    });
    // Whoever changed the email may know the password: the owner chooses a new one.
    await auth.api.requestPasswordReset({
      body: { email: change.oldEmail, redirectTo: `${publicUrl}/reset-password` },
    });
    log.info({ userId: change.userId }, "email change undone");
  }

  /** The first step of deletion: is this the current password? */
  async verifyPassword(user: PublicUser, password: string): Promise<void> {
    const { db, reauthLimiter } = this.deps;
    if (!(await checkPassword(db, reauthLimiter, user.id, password))) {
      throw wrongPassword(WRONG_PASSWORD_MESSAGE);
    }
  }

  /**
   * Deletes the account and everything of it, verifying the password again
   * (the first step's answer proves nothing to the server); once committed,
   * the files' bytes, sockets and cached sessions go, and this browser's
   * session cookie is expired.
   */
  async delete(
    user: PublicUser,
    request: { password: string; giveUpPaise?: number | undefined },
    callAuth: AuthCall,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const { db, events, userDataRemovers } = this.deps;
    // Deleting a user deletes every conversation they are in: an agent's are the team's.
    if (user.admin) {
      throw new HttpError(409, AGENT_DELETE_REFUSED_MESSAGE, undefined, "AGENT_ACCOUNT");
    }
    await this.verifyPassword(user, request.password);
    const deletion = { giveUpPaise: request.giveUpPaise, now: Date.now() };
    const { fileIds, posted } = await deleteAccount(db, userDataRemovers, user.id, deletion);
    log.info({ userId: user.id }, "account deleted");
    if (fileIds.length > 0) await events.emit("files.deleted", { ids: fileIds });
    for (const event of posted) await events.emit("ledger.posted", event);
    await events.emit("user.deleted", { userId: user.id, email: user.email });
    // The session row is already gone; this expires the cookie.
    await callAuth("/api/auth/sign-out", {});
  }
}
