/**
 * The scrypt strength new password hashes get: OWASP ASVS 5.0 appendix C
 * (N=2^17, r=8, p=1). No imports: Vitest's setup loads this module alone.
 */
export const DEFAULT_HASH_PARAMS = { N: 2 ** 17, r: 8, p: 1 };

export type HashParams = typeof DEFAULT_HASH_PARAMS;

/** Always the default outside Vitest. */
let strength: HashParams = DEFAULT_HASH_PARAMS;

export function hashStrength(): HashParams {
  return strength;
}

/**
 * Decision 107: the test suites sign up about a thousand accounts without
 * testing hashing, and at full strength those hashes were most of the
 * PostgreSQL pass's time on a busy CI host. Vitest's setup
 * (src/server/test/cheap-password-hashes.ts) lowers the cost; the tests of
 * hashing itself put the default back. Refused outside Vitest.
 */
export function setHashStrengthForTests(params: HashParams | "default"): void {
  if (!process.env.VITEST) throw new Error("Only tests may change the password hash strength");
  strength = params === "default" ? DEFAULT_HASH_PARAMS : params;
}
