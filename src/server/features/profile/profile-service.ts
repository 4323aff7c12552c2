import type { Kysely } from "kysely";
import type { z } from "zod";
import { fileUrl } from "../../../shared/files";
import type { profilePatchSchema } from "../../../shared/profile-schemas";
import type { PublicUser } from "../../../shared/user";
import type { Database } from "../../db/schema";
import type { DomainEvents } from "../../events/domain-events";
import { HttpError } from "../../http/errors";
import { deleteFileRows } from "../uploads/stored-files";
import { findOwnAvatar, otherAvatarIds, updateProfile, type ProfileUpdate } from "./repository";

type ProfilePatch = z.output<typeof profilePatchSchema>;

export interface ProfileServiceDeps {
  db: Kysely<Database>;
  events: DomainEvents;
}

/** The signed-in user's own profile; announces `user.profileChanged` after each save commits. */
export class ProfileService {
  private readonly db: Kysely<Database>;
  private readonly events: DomainEvents;

  constructor(deps: ProfileServiceDeps) {
    this.db = deps.db;
    this.events = deps.events;
  }

  /**
   * Saves the fields the patch names (the screen sends one at a time). Links
   * arrive normalised by the shared schema; "" clears a link.
   */
  async update(user: PublicUser, patch: ProfilePatch): Promise<PublicUser> {
    const update: ProfileUpdate = {};
    if (patch.artistName !== undefined) update.artistName = patch.artistName;
    if (patch.bio !== undefined) update.bio = patch.bio;
    if (patch.spotifyUrl !== undefined) update.spotifyUrl = patch.spotifyUrl || null;
    if (patch.appleMusicUrl !== undefined) update.appleMusicUrl = patch.appleMusicUrl || null;
    if (patch.youtubeUrl !== undefined) update.youtubeUrl = patch.youtubeUrl || null;
    await updateProfile(this.db, user.id, update);
    await this.events.emit("user.profileChanged", { userId: user.id, admin: user.admin });
    return { ...user, ...update };
  }

  /**
   * Sets the picture to one of the user's own finished avatar uploads (its
   * type was checked from its bytes) and deletes the picture it replaces:
   * its bytes go only once the new picture is committed.
   */
  async setPicture(user: PublicUser, fileId: string): Promise<PublicUser> {
    if (!(await findOwnAvatar(this.db, user.id, fileId))) {
      throw new HttpError(404, "This picture was not found.", undefined, "NOT_FOUND");
    }
    const profilePicture = fileUrl(fileId);
    const replaced = await this.db.transaction().execute(async (trx) => {
      await updateProfile(trx, user.id, { profilePicture });
      return deleteFileRows(trx, { ids: await otherAvatarIds(trx, user.id, fileId) });
    });
    if (replaced.length > 0) await this.events.emit("files.deleted", { ids: replaced });
    await this.events.emit("user.profileChanged", { userId: user.id, admin: user.admin });
    return { ...user, profilePicture };
  }
}
