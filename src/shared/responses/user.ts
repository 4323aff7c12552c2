import { z } from "zod";
import type { PublicUser } from "../user";

export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  artistName: z.string(),
  admin: z.boolean(),
  createdAt: z.object({ year: z.number(), month: z.number(), day: z.number() }),
  bio: z.string().nullable(),
  profilePicture: z.string().nullable(),
  spotifyUrl: z.string().nullable(),
  appleMusicUrl: z.string().nullable(),
  youtubeUrl: z.string().nullable(),
}) satisfies z.ZodType<PublicUser>;

/** GET /api/session: who is signed in, or null; an answer either way, never 401. */
export const sessionAnswerSchema = z.object({ user: publicUserSchema.nullable() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
