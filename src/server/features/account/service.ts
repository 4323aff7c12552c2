import type { Kysely } from "kysely";
import type { UserDataRemover } from "../../context";
import type { Database } from "../../db/schema";
import type { AttemptLimiter } from "../../auth/attempt-limiter";
import { verifyPassword } from "../../auth/password-hasher";
import { HttpError } from "../../http/errors";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "../../../shared/auth-messages";
import { deleteUserRows, findPasswordHash } from "./repository";

/** Sessions older than this must sign in again before changing the password. */
export const RECENT_LOGIN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

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
): Promise<{ fileIds: string[] }> {
  return db.transaction().execute(async (trx) => {
    const fileIds: string[] = [];
    for (const remove of removers) fileIds.push(...(await remove(trx, userId)).fileIds);
    await deleteUserRows(trx, userId);
    return { fileIds };
  });
}
