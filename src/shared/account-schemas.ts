import { z } from "zod";
import {
  DELETE_CONFIRMATION_MESSAGE,
  DELETE_CONFIRMATION_WORD,
  NEW_PASSWORDS_MISMATCH_MESSAGE,
} from "./account-messages";
import { emailSchema } from "./auth-schemas";
import { PASSWORD_MAX_LENGTH, strongPasswordSchema } from "./password-rules";

/** A password typed to prove who you are: only presence and a sane length. */
export const currentPasswordSchema = z
  .string({ error: "Password is required." })
  .min(1, "Password is required.")
  .max(PASSWORD_MAX_LENGTH, "Password is too long.");

/** Body of POST /api/account/change-password. */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: currentPasswordSchema,
    newPassword: strongPasswordSchema,
    confirmPassword: z.string({ error: "Please confirm the new password." }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: NEW_PASSWORDS_MISMATCH_MESSAGE,
    path: ["confirmPassword"],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Body of POST /api/account/change-email. */
export const changeEmailSchema = z.strictObject({
  password: currentPasswordSchema,
  newEmail: emailSchema,
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** Body of POST /api/account/verify-password (first step of deletion). */
export const verifyPasswordSchema = z.strictObject({ password: currentPasswordSchema });
export type VerifyPasswordInput = z.input<typeof verifyPasswordSchema>;

/**
 * Body of POST /api/account/delete: the password again, the typed word, and
 * (with money in the wallet) the balance in paise the user agreed to give up.
 */
export const deleteAccountSchema = z.strictObject({
  password: currentPasswordSchema,
  confirm: z.literal(DELETE_CONFIRMATION_WORD, { error: DELETE_CONFIRMATION_MESSAGE }),
  giveUpPaise: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
