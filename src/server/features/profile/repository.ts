import type { Kysely } from "kysely";
import type { Database, UserTable } from "../../db/schema";
import { AVATAR_UPLOAD_PURPOSE } from "../../../shared/profile-schemas";

export type ProfileUpdate = Partial<
  Pick<
    UserTable,
    "artistName" | "bio" | "spotifyUrl" | "appleMusicUrl" | "youtubeUrl" | "profilePicture"
  >
>;

export async function updateProfile(
  db: Kysely<Database>,
  userId: string,
  update: ProfileUpdate,
): Promise<void> {
  await db
    .updateTable("user")
    .set({ ...update, updatedAt: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
}

/** Of these picture URLs, those some profile holds (a profile holds its picture as the file's URL). */
export async function profilePicturesAmong(
  db: Kysely<Database>,
  urls: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom("user")
    .select("profilePicture")
    .where("profilePicture", "in", urls)
    .execute();
  return rows.flatMap((row) => (row.profilePicture ? [row.profilePicture] : []));
}

/** A finished avatar upload of this user, or undefined. */
export async function findOwnAvatar(db: Kysely<Database>, userId: string, fileId: string) {
  return db
    .selectFrom("stored_file")
    .select("id")
    .where("id", "=", fileId)
    .where("ownerId", "=", userId)
    .where("purpose", "=", AVATAR_UPLOAD_PURPOSE)
    .where("status", "=", "ready")
    .executeTakeFirst();
}

/**
 * Ids of the user's other finished avatar files (the replaced picture). Uploads
 * still in progress are left alone: one may be the picture about to be saved.
 */
export async function otherAvatarIds(db: Kysely<Database>, userId: string, keepId: string) {
  const rows = await db
    .selectFrom("stored_file")
    .select("id")
    .where("ownerId", "=", userId)
    .where("purpose", "=", AVATAR_UPLOAD_PURPOSE)
    .where("status", "=", "ready")
    .where("id", "!=", keepId)
    .execute();
  return rows.map((r) => r.id);
}
