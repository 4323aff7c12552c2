import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { hashingGate } from "./hashing-gate";
import { hashStrength, type HashParams } from "./hash-strength";

export { setHashStrengthForTests } from "./hash-strength";

/*
 * scrypt at OWASP ASVS 5.0 appendix C strength (hash-strength.ts: N=2^17, r=8,
 * p=1); better-auth's default (N=2^14) is below it. Parameters are stored with
 * each hash so they can be raised later without breaking existing passwords.
 */
const KEY_LENGTH = 64;

/** Waits its turn in the hashing gate; refused with 503 when the queue is full. */
function derive(password: string, salt: Buffer, params: HashParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return hashingGate.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = hashStrength();
  const key = await derive(password, salt, params);
  const { N, r, p } = params;
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = hash.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
