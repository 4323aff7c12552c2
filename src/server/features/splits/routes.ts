import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noBodySchema, noQuerySchema } from "../../../shared/no-input";
import { errorResponses } from "../../../shared/responses/common";
import {
  mySplitsSchema,
  splitAnswerSchema,
  splitInvitePreviewSchema,
  trackSplitsSchema,
} from "../../../shared/responses/splits";
import {
  splitInviteTokenParamsSchema,
  splitShareParamsSchema,
  splitsInputSchema,
  trackSplitParamsSchema,
} from "../../../shared/split-schemas";
import type { SplitAnswerService } from "./split-answer-service";
import type { SplitService } from "./split-service";

export interface SplitRoutesOptions {
  splits: SplitService;
  answers: SplitAnswerService;
}

/**
 * Splits (issue 47, section 1): a track's splits for its artist (finance
 * agents read them), a collaborator's invitations and shares with accept
 * and decline, and the public preview behind an invitation's link. Money
 * and invitations are personal: nothing here may be cached.
 */
async function splitsPlugin(parent: FastifyInstance, options: SplitRoutesOptions): Promise<void> {
  await parent.register((scope, _options, done) => {
    scope.addHook("onSend", (_request, reply, payload, sent) => {
      reply.header("cache-control", "private, no-store");
      sent(null, payload);
    });
    registerTrackRoutes(scope, options.splits);
    registerCollaboratorRoutes(scope, options.answers);
    done();
  });
}

function registerTrackRoutes(parent: FastifyInstance, splits: SplitService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;
  const tags = ["releases"];

  app.get(
    "/api/releases/:releaseId/tracks/:trackId/splits",
    {
      schema: {
        tags,
        summary: "The release's artist (finance agents read-only): the track's splits and holds",
        params: trackSplitParamsSchema,
        querystring: noQuerySchema,
        response: { 200: trackSplitsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      return splits.read(user, request.params.releaseId, request.params.trackId);
    },
  );

  app.put(
    "/api/releases/:releaseId/tracks/:trackId/splits",
    {
      schema: {
        tags,
        summary:
          "The release's artist: save the track's collaborators and shares; new ones are invited by mail",
        params: trackSplitParamsSchema,
        body: splitsInputSchema,
        response: { 200: trackSplitsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      return splits.save(user, request.params.releaseId, request.params.trackId, request.body);
    },
  );
}

function registerCollaboratorRoutes(parent: FastifyInstance, answers: SplitAnswerService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;
  const tags = ["wallet"];

  app.get(
    "/api/wallet/splits",
    {
      schema: {
        tags,
        summary: "Collaborators: invitations to my email and the shares I hold",
        querystring: noQuerySchema,
        response: { 200: mySplitsSchema, ...errorResponses },
      },
    },
    async (request) => answers.mine((await sessions.require(request)).user),
  );

  app.post(
    "/api/wallet/splits/:shareId/accept",
    {
      schema: {
        tags,
        summary: "Collaborators: accept a share; what was held moves to my wallet (once)",
        params: splitShareParamsSchema,
        body: noBodySchema.optional(),
        response: { 200: splitAnswerSchema, ...errorResponses },
      },
    },
    async (request) =>
      answers.accept((await sessions.require(request)).user, request.params.shareId),
  );

  app.post(
    "/api/wallet/splits/:shareId/decline",
    {
      schema: {
        tags,
        summary: "Collaborators: decline a share; what was held returns to the artist",
        params: splitShareParamsSchema,
        body: noBodySchema.optional(),
        response: { 200: splitAnswerSchema, ...errorResponses },
      },
    },
    async (request) =>
      answers.decline((await sessions.require(request)).user, request.params.shareId),
  );

  app.get(
    "/api/split-invites/:token",
    {
      schema: {
        tags,
        summary: "Public: what an invitation's link shows (artist, track, share), no money",
        params: splitInviteTokenParamsSchema,
        querystring: noQuerySchema,
        response: { 200: splitInvitePreviewSchema, ...errorResponses },
      },
    },
    async (request) => answers.preview(request.params.token),
  );

  app.post(
    "/api/split-invites/:token/claim",
    {
      schema: {
        tags,
        summary:
          "Collaborators: the invited account opened its link; the invitation is answered at /wallet/splits",
        params: splitInviteTokenParamsSchema,
        body: noBodySchema.optional(),
        response: { 204: z.null().describe("Claimed"), ...errorResponses },
      },
    },
    async (request, reply) => {
      await answers.claim((await sessions.require(request)).user, request.params.token);
      return reply.code(204).send(null);
    },
  );
}

export default fp(splitsPlugin, {
  name: "splits",
  decorators: { fastify: ["ctx"] },
});
