import { z } from "zod";

/**
 * The shapes the hosted service exports. Whole files are checked strictly
 * (a wrong file fails before anything is written); single records leniently,
 * field by field, so one bad record is skipped and listed, not fatal.
 */

/** `{ _seconds, _nanoseconds }` (admin SDK), `{ seconds, nanoseconds }`, ISO text or epoch ms. */
export const timestampSchema = z.union([
  z.object({ _seconds: z.number(), _nanoseconds: z.number().optional() }),
  z.object({ seconds: z.number(), nanoseconds: z.number().optional() }),
  z.string(),
  z.number(),
]);
export type SourceTimestamp = z.infer<typeof timestampSchema>;

/** users.createdAt in the documents: `{ year, month, day }`. */
export const dayPartsSchema = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  day: z.number().int().min(1).max(31),
});

const text = z.string().nullish();
const flag = z.boolean().nullish();

// ---- auth export -----------------------------------------------------------

export const authUserSchema = z.looseObject({
  localId: z.string().min(1, "localId is empty"),
  email: text,
  emailVerified: flag,
  passwordHash: text,
  salt: text,
  displayName: text,
  // The CLI exports these as strings of epoch milliseconds.
  createdAt: z.union([z.string(), z.number()]).nullish(),
  lastSignedInAt: z.union([z.string(), z.number()]).nullish(),
  disabled: flag,
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authExportSchema = z.object(
  { users: z.array(z.unknown(), { error: 'expected a "users" array' }) },
  { error: 'expected an object with a "users" array' },
);

const base64 = (name: string) =>
  z
    .string({ error: `${name} is missing` })
    .min(1, `${name} is empty`)
    .regex(/^[A-Za-z0-9+/_-]+={0,2}$/, `${name} is not base64`);

/** The password-hash parameters the service prints for the project. */
export const hashConfigSchema = z
  .looseObject({
    algorithm: z
      .string()
      .refine((a) => a.toUpperCase() === "SCRYPT", "algorithm must be SCRYPT")
      .optional(),
    base64_signer_key: base64("base64_signer_key"),
    base64_salt_separator: base64("base64_salt_separator"),
    rounds: z.coerce
      .number({ error: "rounds must be a number" })
      .int("rounds must be a whole number")
      .min(1, "rounds must be between 1 and 8")
      .max(8, "rounds must be between 1 and 8"),
    mem_cost: z.coerce
      .number({ error: "mem_cost must be a number" })
      .int("mem_cost must be a whole number")
      .min(1, "mem_cost must be between 1 and 14")
      .max(14, "mem_cost must be between 1 and 14"),
  })
  .transform((c) => ({
    signerKey: c.base64_signer_key,
    saltSeparator: c.base64_salt_separator,
    rounds: c.rounds,
    memCost: c.mem_cost,
  }));

// ---- documents -------------------------------------------------------------

/** A collection as a map of id to document, or a list of documents carrying their id. */
export const collectionSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]);

export const documentsExportSchema = z.looseObject({
  users: collectionSchema.optional(),
  rooms: collectionSchema.optional(),
  requests: collectionSchema.optional(),
});

export const userDocSchema = z.looseObject({
  userId: text,
  email: text,
  username: text,
  artistName: text,
  displayName: text,
  createdAt: z.union([dayPartsSchema, timestampSchema]).nullish(),
  admin: flag,
  profileUrl: text,
  bio: text,
  profilePicture: text,
  spotifyUrl: text,
  appleMusicUrl: text,
  youtubeUrl: text,
});
export type UserDoc = z.infer<typeof userDocSchema>;

export const roomDocSchema = z.looseObject({
  roomId: text,
  createdAt: timestampSchema.nullish(),
  participants: z.array(z.string(), { error: "participants must be a list of user ids" }),
  lastRead: z.record(z.string(), timestampSchema.nullable()).nullish(),
  messages: collectionSchema.optional(),
  __collections__: z.looseObject({ messages: collectionSchema.optional() }).optional(),
});
export type RoomDoc = z.infer<typeof roomDocSchema>;

export const messageDocSchema = z.looseObject({
  text: text,
  userId: text,
  senderId: text,
  receiverId: text,
  senderName: text,
  createdAt: timestampSchema,
  status: text,
  from_msg_num: z.number().nullish(),
  to_msg_num: z.number().nullish(),
  fileUrl: text,
  fileType: text,
  fileName: text,
  fileSize: z.number().nullish(),
  mediaUrl: text,
  mediaType: text,
});
export type MessageDoc = z.infer<typeof messageDocSchema>;

const views = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

export const songDocSchema = z.looseObject({
  id: text,
  artistId: z.string({ error: "artistId is missing" }).min(1, "artistId is empty"),
  type: text,
  status: text,
  album: text,
  artist: text,
  genre: text,
  date: z.union([z.string(), timestampSchema]).nullish(),
  duration: z.union([z.string(), z.number()]).nullish(),
  lyrics: text,
  link: text,
  imageUrl: text,
  spotifyUrl: text,
  appleMusicUrl: text,
  youtubeUrl: text,
  views: views.nullish(),
});
export type SongDoc = z.infer<typeof songDocSchema>;
