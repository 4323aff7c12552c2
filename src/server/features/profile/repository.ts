import type { Kysely } from "kysely";
import type { Database, UserTable } from "../../db/schema";

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
