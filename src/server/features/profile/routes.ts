import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { profilePatchSchema, profilePictureSchema } from "../../../shared/profile-schemas";
import { errorResponses } from "../../../shared/responses/common";
import { publicUserSchema, sessionAnswerSchema } from "../../../shared/responses/user";
import { ProfileService } from "./profile-service";
import { noQuerySchema } from "../../../shared/no-input";
import { myRolesSchema } from "../../../shared/responses/wallet";
import { isFinanceAgent } from "../../auth/finance-role";
import { requestLimit, type RequestLimitHook } from "../../limits/request-limit";

/**
 * Saves a user may make a minute, per route: the screen saves a field at a
 * time, and each save tells every agent's tab to read its contacts again.
 */
export const PROFILE_SAVES_PER_MINUTE = 60;

const tags = ["profile"];

/** The signed-in user's own profile (ProfileService saves it and announces each save). */
function profilePlugin(app: FastifyInstance, _options: unknown, done: (err?: Error) => void): void {
  const { events, database } = app.ctx;
  const service = new ProfileService({ db: database.db, events });
  registerSignedInUserRoutes(app);
  registerProfileEditRoutes(app, service);
  done();
}

/** Who is signed in: the user, or null for the web app's first check. */
function registerSignedInUserRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions, database } = app.ctx;

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

  /** The staff roles of the signed-in user (issue 46): the finance agent's navigation. */
  app.get(
    "/api/me/roles",
    {
      schema: {
        tags,
        summary: "The signed-in user's roles: { finance }",
        querystring: noQuerySchema,
        response: { 200: myRolesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      reply.header("cache-control", "no-store");
      return { finance: await isFinanceAgent(database.db, user) };
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
}

/** Changing one's own profile: its fields, and its picture. */
function registerProfileEditRoutes(parent: FastifyInstance, service: ProfileService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;
  const perUser: RequestLimitHook = requestLimit(
    {
      name: "profile-saves",
      points: PROFILE_SAVES_PER_MINUTE,
      durationSeconds: 60,
      key: async (request) => {
        const session = await sessions.read(request.headers).catch(() => null);
        return session ? `user:${session.user.id}` : `ip:${request.ip}`;
      },
    },
    app.ctx.redis,
  );

  /** Updates the caller's own profile fields (the screen sends one at a time). */
  app.patch(
    "/api/profile",
    {
      onRequest: perUser,
      schema: {
        tags,
        summary: "Update the caller's artist name, bio or store links",
        body: profilePatchSchema,
        response: { 200: publicUserSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      const saved = await service.update(user, request.body);
      reply.header("cache-control", "no-store");
      return saved;
    },
  );

  /** Sets the caller's picture to one of their own finished avatar uploads. */
  app.put(
    "/api/profile/picture",
    {
      onRequest: perUser,
      schema: {
        tags,
        summary: "Set the caller's picture to one of their finished avatar uploads",
        body: profilePictureSchema,
        response: { 200: publicUserSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      const saved = await service.setPicture(user, request.body.fileId);
      reply.header("cache-control", "no-store");
      return saved;
    },
  );
}

export default fp(profilePlugin, { name: "profile", decorators: { fastify: ["ctx"] } });
