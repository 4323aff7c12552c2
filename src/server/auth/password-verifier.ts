import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { replacePasswordHash } from "./credential-repository";
import { isLegacyHash, verifyLegacyHash } from "./firebase-scrypt-hash";
import { hashPassword, verifyPassword } from "./password-hasher";

/**
 * better-auth's `password.verify` hook. The portal's own hashes verify as
 * before; an imported hosted-service hash verifies with its modified scrypt
 * and, on the first success, is replaced by the portal's own hash, so the
 * old one is gone from then on. The replacement is keyed on the old value:
 * two sign-ins at once both succeed and only one of them rewrites it.
 */
export function createPasswordVerifier(db: Kysely<Database>) {
  return async ({ hash, password }: { hash: string; password: string }): Promise<boolean> => {
    if (!isLegacyHash(hash)) return verifyPassword({ hash, password });
    if (!(await verifyLegacyHash(hash, password))) return false;
    const upgraded = await hashPassword(password);
    await replacePasswordHash(db, hash, upgraded);
    return true;
  };
}
