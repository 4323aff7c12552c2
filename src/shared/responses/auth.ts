import { z } from "zod";

/** better-auth's answers as the auth routes pass them on (src/server/auth/routes.ts). */
const authUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });

/** Sign-up and sign-in answer who signed in; the session token stays in its HttpOnly cookie. */
export const signedInSchema = z.object({ user: authUserSchema });

export const authSessionSchema = z
  .object({
    session: z.object({
      id: z.string(),
      userId: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
    }),
    user: authUserSchema,
  })
  .nullable();

export const signedOutSchema = z.object({ success: z.boolean() });
