import type { Kysely } from "kysely";
import { AVATAR_UPLOAD_PURPOSE, MAX_PROFILE_IMAGE_BYTES } from "../../../shared/profile-schemas";
import { fileUrl } from "../../../shared/files";
import type { UserDataRemover } from "../../context";
import type { Database } from "../../db/schema";
import { deleteFileRows } from "../uploads/stored-files";
import type { UploadPurpose } from "../uploads/upload-purposes";

/**
 * Profile pictures: any signed-in user uploads their own (scope = their id);
 * any signed-in user may see them, since agents and artists see each other's.
 */
export const avatarUploadPurpose: UploadPurpose = {
  name: AVATAR_UPLOAD_PURPOSE,
  maxBytes: MAX_PROFILE_IMAGE_BYTES,
  kinds: ["image"],
  authorize: (user) => Promise.resolve({ scope: user.id }),
  canRead: () => Promise.resolve(true),
  // A profile holds its picture as the file's URL.
  async attached(db, ids) {
    const byUrl = new Map(ids.map((id) => [fileUrl(id), id]));
    const rows = await db
      .selectFrom("user")
      .select("profilePicture")
      .where("profilePicture", "in", [...byUrl.keys()])
      .execute();
    return rows.flatMap((row) => {
      const id = row.profilePicture ? byUrl.get(row.profilePicture) : undefined;
      return id ? [id] : [];
    });
  },
};

/** The user's pictures go when the account goes. */
export const removeAvatars: UserDataRemover = async (trx, userId) => ({
  fileIds: await deleteFileRows(trx, { ownerId: userId, purpose: AVATAR_UPLOAD_PURPOSE }),
});

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
