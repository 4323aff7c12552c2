import { formatLegacyHash, verifyLegacyHash } from "../../server/auth/firebase-scrypt-hash";
import { authUserSchema } from "./hosted-export-schemas";
import { ImportInputError, type ImportInputs } from "./read-inputs";

export interface KnownPassword {
  email: string;
  password: string;
}

/**
 * The hash parameters cannot be checked from the export alone; with one
 * account whose password the operator knows, they can, before anything is
 * written (a wrong signer key would make every imported password fail).
 */
export async function checkHashParams(inputs: ImportInputs, known: KnownPassword): Promise<void> {
  const email = known.email.trim().toLowerCase();
  const user = inputs.authUsers
    .map((raw) => authUserSchema.safeParse(raw))
    .find((p) => p.success && p.data.email?.trim().toLowerCase() === email);
  if (!user?.success) {
    throw new ImportInputError(`--check-email: the auth export has no user ${known.email}.`);
  }
  const { passwordHash, salt } = user.data;
  if (!passwordHash || !salt) {
    throw new ImportInputError(`--check-email: ${known.email} has no password hash in the export.`);
  }
  const stored = formatLegacyHash({ params: inputs.hashParams, salt, hash: passwordHash });
  if (!(await verifyLegacyHash(stored, known.password))) {
    throw new ImportInputError(
      `The password hash parameters do not match this export: the password given for ${known.email} does not verify. ` +
        "Check base64_signer_key, base64_salt_separator, rounds and mem_cost against the service's password hash parameters (or the password).",
    );
  }
}
