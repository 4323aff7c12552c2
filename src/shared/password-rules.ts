import { z } from "zod";

/** The five password rules of the spec's change-password section, in display order. */
export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordRule {
  id: "length" | "uppercase" | "lowercase" | "digit" | "special";
  label: string;
  test: (password: string) => boolean;
}

export const passwordRules: readonly PasswordRule[] = [
  {
    id: "length",
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  { id: "uppercase", label: "One uppercase letter", test: (p) => /\p{Lu}/u.test(p) },
  { id: "lowercase", label: "One lowercase letter", test: (p) => /\p{Ll}/u.test(p) },
  { id: "digit", label: "One number", test: (p) => /\d/.test(p) },
  {
    id: "special",
    label: "One special character (e.g. !@#$%)",
    test: (p) => /[\p{P}\p{S}]/u.test(p),
  },
];

export const PASSWORD_RULES_MESSAGE =
  "Please ensure your password meets all the security requirements.";

/** Upper bound keeps hashing cost bounded; well above any passphrase a person types. */
export const PASSWORD_MAX_LENGTH = 128;

export function passwordMeetsRules(password: string): boolean {
  return passwordRules.every((rule) => rule.test(password));
}

export const strongPasswordSchema = z
  .string({ error: "Password is required." })
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine(passwordMeetsRules, PASSWORD_RULES_MESSAGE);
