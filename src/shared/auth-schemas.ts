import { z } from "zod";
import { plainString } from "./plain-text";
import { strongPasswordSchema } from "./password-rules";
import { CONSENT_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE } from "./auth-messages";

export const ARTIST_NAME_MAX_LENGTH = 80;

export const emailSchema = plainString({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .pipe(z.email(INVALID_EMAIL_MESSAGE))
  .transform((e) => e.toLowerCase());

export const artistNameSchema = plainString({ error: "Artist name is required." })
  .trim()
  .min(1, "Artist name is required.")
  .max(ARTIST_NAME_MAX_LENGTH, `Artist name must be at most ${ARTIST_NAME_MAX_LENGTH} characters.`);

/** Body of POST /api/auth/sign-up/email, checked before better-auth sees it. */
export const signUpSchema = z.object({
  name: artistNameSchema,
  email: emailSchema,
  password: strongPasswordSchema,
  consent: z.literal(true, { error: CONSENT_REQUIRED_MESSAGE }),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(512),
});
export type SignInInput = z.input<typeof signInSchema>;
