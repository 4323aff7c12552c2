import { z } from "zod";
import { NEW_PASSWORDS_MISMATCH_MESSAGE } from "./account-messages";
import { emailSchema } from "./auth-schemas";
import { strongPasswordSchema } from "./password-rules";

/** The same answer whether or not the account exists, so nobody can probe emails. */
export const FORGOT_PASSWORD_SENT_MESSAGE =
  "If an account exists for that email, we sent a link to reset your password.";
export const RESET_LINK_INVALID_MESSAGE = "This link has expired or was already used.";
export const PASSWORD_RESET_DONE_MESSAGE =
  "Your password was changed. Every device that was signed in has been signed out.";
export const TOO_MANY_RESET_REQUESTS_MESSAGE =
  "Too many reset requests for this email. Please try again in an hour.";

/** Reset tokens are better-auth's: 24 letters and digits. */
const tokenSchema = z
  .string({ error: RESET_LINK_INVALID_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{16,128}$/, RESET_LINK_INVALID_MESSAGE);

/** Body of POST /api/auth/forgot-password. */
export const forgotPasswordSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** Body of POST /api/auth/reset-password. */
export const resetPasswordSchema = z
  .strictObject({
    token: tokenSchema,
    newPassword: strongPasswordSchema,
    confirmPassword: z.string({ error: "Please confirm the new password." }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: NEW_PASSWORDS_MISMATCH_MESSAGE,
    path: ["confirmPassword"],
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Query of GET /api/auth/reset-password/status. */
export const resetTokenQuerySchema = z.strictObject({ token: tokenSchema });
