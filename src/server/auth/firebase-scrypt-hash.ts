/**
 * Passwords imported from the hosted auth service, hashed with its modified
 * scrypt (scrypt, then AES-256-CTR of the project's signer key). They are
 * stored self-contained, parameters included, under their own prefix so the
 * verifier can tell them from the portal's own `scrypt$` hashes:
 *
 *   firebase-scrypt$<mem_cost>$<rounds>$<salt separator>$<signer key>$<salt>$<hash>
 *
 * (base64 never contains `$`). See docs/decisions/028.
 */
export const LEGACY_HASH_PREFIX = "firebase-scrypt";

/**
 * firebase-scrypt loads with the first imported hash it checks, not at
 * start-up: it brings babel-runtime and core-js, about a quarter of the
 * server's start (issue 24), for accounts that only an import creates.
 */
async function firebaseScrypt(params: ModifiedScryptParams) {
  const { FirebaseScrypt } = await import("firebase-scrypt");
  return new FirebaseScrypt(params);
}

export interface ModifiedScryptParams {
  /** base64_signer_key */
  signerKey: string;
  /** base64_salt_separator */
  saltSeparator: string;
  rounds: number;
  /** log2 of scrypt's N. */
  memCost: number;
}

export interface LegacyHash {
  params: ModifiedScryptParams;
  salt: string;
  hash: string;
}

export function formatLegacyHash({ params, salt, hash }: LegacyHash): string {
  const { memCost, rounds, saltSeparator, signerKey } = params;
  return [LEGACY_HASH_PREFIX, memCost, rounds, saltSeparator, signerKey, salt, hash].join("$");
}

export function isLegacyHash(stored: string): boolean {
  return stored.startsWith(`${LEGACY_HASH_PREFIX}$`);
}

export function parseLegacyHash(stored: string): LegacyHash | null {
  const parts = stored.split("$");
  if (parts.length !== 7 || parts[0] !== LEGACY_HASH_PREFIX) return null;
  const [, memCost, rounds, saltSeparator, signerKey, salt, hash] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const params = { memCost: Number(memCost), rounds: Number(rounds), saltSeparator, signerKey };
  if (!Number.isInteger(params.memCost) || !Number.isInteger(params.rounds)) return null;
  if (!salt || !hash || !signerKey) return null;
  return { params, salt, hash };
}

/** The hosted service's hash of a password, as its export would show it (fixtures, checks). */
export async function modifiedScryptHash(
  params: ModifiedScryptParams,
  password: string,
  salt: string,
): Promise<string> {
  return (await firebaseScrypt(params)).hash(password, salt);
}

/** Whether the password matches an imported hash; false for anything malformed. */
export async function verifyLegacyHash(stored: string, password: string): Promise<boolean> {
  const legacy = parseLegacyHash(stored);
  if (!legacy || !password) return false;
  try {
    return await (await firebaseScrypt(legacy.params)).verify(password, legacy.salt, legacy.hash);
  } catch {
    return false;
  }
}
