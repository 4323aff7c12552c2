import type { FastifyInstance } from "fastify";
import { profilePatchSchema } from "../../../shared/profile-schemas";
import type { PublicUser } from "../../../shared/user";
import { requireSession } from "../../auth/session-guard";
import { parseInput } from "../../http/errors";
import { updateProfile, type ProfileUpdate } from "./repository";

export function registerProfileRoutes(app: FastifyInstance): void {
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
}
