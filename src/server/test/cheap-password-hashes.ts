import { setHashStrengthForTests } from "../auth/hash-strength";

/**
 * Vitest's setup for every test file (vitest.config.ts): passwords hash at
 * scrypt N=2^12 (4 MiB) instead of 2^17 (decision 107). Sign-up, sign-in
 * and verification run the same code; only the cost differs. The tests of
 * hashing's strength and of its load put the default back in their file.
 */
setHashStrengthForTests({ N: 2 ** 12, r: 8, p: 1 });
