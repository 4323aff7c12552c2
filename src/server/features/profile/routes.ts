import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { fileUrl } from "../../../shared/files";
import { profilePatchSchema, profilePictureSchema } from "../../../shared/profile-schemas";
import { errorResponses } from "../../../shared/responses/common";
import { publicUserSchema, sessionAnswerSchema } from "../../../shared/responses/user";
import type { PublicUser } from "../../../shared/user";
import { HttpError } from "../../http/errors";
import { deleteFileRows } from "../uploads/stored-files";
import { findOwnAvatar, otherAvatarIds } from "./avatar-files";
import { updateProfile, type ProfileUpdate } from "./repository";
import { noQuerySchema } from "../../../shared/no-input";

const tags = ["profile"];

/** The signed-in user's own profile; emits `user.profileChanged` after each save. */
function profilePlugin(
  parent: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions, events, database } = app.ctx;
  const db = database.db;

  /** The signed-in user; 401 when nobody is signed in. */
  app.get(
    "/api/me",
    {
      schema: {
        tags,
        summary: "The signed-in user",
        querystring: noQuerySchema,
        response: { 200: publicUserSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      reply.header("cache-control", "no-store");
      return user;
    },
  );

  /**
   * Who is signed in, for the web app's first check: 200 with null when
   * nobody is, so a signed-out visit logs no failed request in the console.
   */
  app.get(
    "/api/session",
    {
      schema: {
        tags,
        summary: "The signed-in user, or null",
        querystring: noQuerySchema,
        response: { 200: sessionAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = await sessions.read(request.headers);
      reply.header("cache-control", "no-store");
      return { user: session?.user ?? null };
    },
  );

  /**
   * Updates the caller's own profile fields (the screen sends one at a time).
   * Links arrive normalised by the shared schema; "" clears a link.
   */
  app.patch(
    "/api/profile",
    {
      schema: {
        tags,
        summary: "Update the caller's artist name, bio or store links",
        body: profilePatchSchema,
        response: { 200: publicUserSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      const patch = request.body;
      const update: ProfileUpdate = {};
      if (patch.artistName !== undefined) update.artistName = patch.artistName;
      if (patch.bio !== undefined) update.bio = patch.bio;
      if (patch.spotifyUrl !== undefined) update.spotifyUrl = patch.spotifyUrl || null;
      if (patch.appleMusicUrl !== undefined) update.appleMusicUrl = patch.appleMusicUrl || null;
      if (patch.youtubeUrl !== undefined) update.youtubeUrl = patch.youtubeUrl || null;
      await updateProfile(db, user.id, update);
      await events.emit("user.profileChanged", { userId: user.id, admin: user.admin });
      reply.header("cache-control", "no-store");
      return { ...user, ...update } satisfies PublicUser;
    },
  );

  /**
   * Sets the caller's picture to one of their own finished avatar uploads
   * (its type was checked from its bytes), and deletes the picture it replaces.
   */
  app.put(
    "/api/profile/picture",
    {
      schema: {
        tags,
        summary: "Set the caller's picture to one of their finished avatar uploads",
        body: profilePictureSchema,
        response: { 200: publicUserSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      const { fileId } = request.body;
      if (!(await findOwnAvatar(db, user.id, fileId))) {
        throw new HttpError(404, "This picture was not found.", undefined, "NOT_FOUND");
      }
      const profilePicture = fileUrl(fileId);
      const replaced = await db.transaction().execute(async (trx) => {
        await updateProfile(trx, user.id, { profilePicture });
        return deleteFileRows(trx, { ids: await otherAvatarIds(trx, user.id, fileId) });
      });
      // Bytes go only once the new picture is committed.
      if (replaced.length > 0) await events.emit("files.deleted", { ids: replaced });
      await events.emit("user.profileChanged", { userId: user.id, admin: user.admin });
      reply.header("cache-control", "no-store");
      return { ...user, profilePicture } satisfies PublicUser;
    },
  );
  done();
}

export default fp(profilePlugin, { name: "profile", decorators: { fastify: ["ctx"] } });
