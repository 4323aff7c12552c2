import { z } from "zod";
import { plainString } from "./plain-text";
import { artistNameSchema } from "./auth-schemas";
import { linkSchema } from "./links";

/** Maximum profile picture size (spec, section 9). */
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;
export const BIO_MAX_LENGTH = 2000;
/** Rows of the bio textarea (spec, section 9). */
export const BIO_ROWS = 6;
/** Upload purpose of profile pictures in the uploads core. */
export const AVATAR_UPLOAD_PURPOSE = "avatar";

export const bioSchema = plainString({ error: "Bio is required." })
  .trim()
  .min(1, "Bio is required.")
  .max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters.`);

/** The profile fields an artist edits; links accept "" which clears them. */
export const profileFieldSchemas = {
  artistName: artistNameSchema,
  bio: bioSchema,
  spotifyUrl: linkSchema("Spotify"),
  appleMusicUrl: linkSchema("Apple Music"),
  youtubeUrl: linkSchema("Youtube"),
} as const;
export type ProfileField = keyof typeof profileFieldSchemas;

/**
 * Body of PATCH /api/profile. The screen saves one field at a time, but any
 * subset is accepted; unknown keys (admin, email, profilePicture ...) are refused.
 */
export const profilePatchSchema = z
  .strictObject({
    artistName: profileFieldSchemas.artistName.optional(),
    bio: profileFieldSchemas.bio.optional(),
    spotifyUrl: profileFieldSchemas.spotifyUrl.optional(),
    appleMusicUrl: profileFieldSchemas.appleMusicUrl.optional(),
    youtubeUrl: profileFieldSchemas.youtubeUrl.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, "Nothing to save.");
export type ProfilePatchInput = z.input<typeof profilePatchSchema>;

/** Body of PUT /api/profile/picture: a finished avatar upload of the caller. */
export const profilePictureSchema = z.strictObject({
  fileId: plainString({ error: "A file is required." })
    .trim()
    .min(1, "A file is required.")
    .max(200),
});
export type ProfilePictureInput = z.input<typeof profilePictureSchema>;

export type PictureCheck = "ok" | "not-image" | "too-large";

/** The browser-side check before uploading; the server checks the bytes again. */
export function checkPictureFile(file: { type: string; size: number }): PictureCheck {
  if (!file.type.startsWith("image/")) return "not-image";
  if (file.size > MAX_PROFILE_IMAGE_BYTES) return "too-large";
  return "ok";
}
