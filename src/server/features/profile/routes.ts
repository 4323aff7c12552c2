import type { FastifyInstance } from "fastify";
import { fileUrl } from "../../../shared/files";
import { profilePatchSchema, profilePictureSchema } from "../../../shared/profile-schemas";
import type { PublicUser } from "../../../shared/user";
import { requireSession } from "../../auth/session-guard";
import { HttpError, parseInput } from "../../http/errors";
import { deleteStoredFiles } from "../uploads/stored-files";
import { findOwnAvatar, otherAvatarIds, registerAvatarFiles } from "./avatar-files";
import { updateProfile, type ProfileUpdate } from "./repository";

export function registerProfileRoutes(app: FastifyInstance): void {
  registerAvatarFiles(app);

  /** The signed-in user; 401 when nobody is signed in. */
  app.get("/api/me", async (request, reply) => {
    const { user } = await requireSession(app.ctx.auth, request);
    reply.header("cache-control", "no-store");
    return user;
  });

  /**
   * Updates the caller's own profile fields (the screen sends one at a time).
   * Links arrive normalised by the shared schema; "" clears a link.
   */
  app.patch("/api/profile", async (request, reply) => {
    const { user } = await requireSession(app.ctx.auth, request);
    const patch = parseInput(profilePatchSchema, request.body);
    const update: ProfileUpdate = {};
    if (patch.artistName !== undefined) update.artistName = patch.artistName;
    if (patch.bio !== undefined) update.bio = patch.bio;
    if (patch.spotifyUrl !== undefined) update.spotifyUrl = patch.spotifyUrl || null;
    if (patch.appleMusicUrl !== undefined) update.appleMusicUrl = patch.appleMusicUrl || null;
    if (patch.youtubeUrl !== undefined) update.youtubeUrl = patch.youtubeUrl || null;
    await updateProfile(app.ctx.database.db, user.id, update);
    reply.header("cache-control", "no-store");
    return { ...user, ...update } satisfies PublicUser;
  });

  /**
   * Sets the caller's picture to one of their own finished avatar uploads
   * (its type was checked from its bytes), and deletes the picture it replaces.
   */
  app.put("/api/profile/picture", async (request, reply) => {
    const { user } = await requireSession(app.ctx.auth, request);
    const { fileId } = parseInput(profilePictureSchema, request.body);
    const db = app.ctx.database.db;
    if (!(await findOwnAvatar(db, user.id, fileId))) {
      throw new HttpError(404, "This picture was not found.", undefined, "NOT_FOUND");
    }
    const profilePicture = fileUrl(fileId);
    await db.transaction().execute(async (trx) => {
      await updateProfile(trx, user.id, { profilePicture });
      const replaced = await otherAvatarIds(trx, user.id, fileId);
      await deleteStoredFiles(app.ctx.storage, trx, { ids: replaced });
    });
    reply.header("cache-control", "no-store");
    return { ...user, profilePicture } satisfies PublicUser;
  });
}
