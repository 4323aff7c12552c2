import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DESK_RELEASE_API } from "../../../../shared/release-review";
import {
  approveSchema,
  deskReleaseQuerySchema,
  rejectReleaseSchema,
  requestChangesSchema,
  startReviewSchema,
  storeDeliveriesSchema,
} from "../../../../shared/release-review-schemas";
import { releaseIdParamsSchema } from "../../../../shared/release-schemas";
import { errorResponses } from "../../../../shared/responses/common";
import {
  deskReleaseDetailSchema,
  deskReleaseListSchema,
  songStoresSchema,
} from "../../../../shared/responses/release-review";
import { noQuerySchema } from "../../../../shared/no-input";
import { songIdParamsSchema } from "../../../../shared/song-schemas";
import type { ReleaseReviewService } from "./release-review-service";

const tags = ["release review"];
const one = `${DESK_RELEASE_API}/:id`;

/**
 * The desk's release review (issue 40): agents only, every body checked by
 * its schema; refused transitions and stale versions are 409 sentences.
 */
export function registerReleaseReviewRoutes(
  parent: FastifyInstance,
  service: ReleaseReviewService,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;
  const detail = { 200: deskReleaseDetailSchema, ...errorResponses };

  app.get(
    DESK_RELEASE_API,
    {
      schema: {
        tags,
        summary: "The release queue: one view's releases and every view's count (agents only)",
        querystring: deskReleaseQuerySchema,
        response: { 200: deskReleaseListSchema, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.requireAdmin(request);
      return service.list(request.query);
    },
  );

  app.get(
    one,
    {
      schema: {
        tags,
        summary: "A release under review with its timeline, stores and changes (agents only)",
        params: releaseIdParamsSchema,
        querystring: noQuerySchema,
        response: detail,
      },
    },
    async (request) => {
      await sessions.requireAdmin(request);
      return service.detail(request.params.id);
    },
  );

  registerSongStoresRoute(parent, service);
  registerReleaseReviewSteps(parent, service);
}

/** The steps: start review, request changes, approve, reject, stores. */
function registerReleaseReviewSteps(parent: FastifyInstance, service: ReleaseReviewService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;
  const detail = { 200: deskReleaseDetailSchema, ...errorResponses };

  app.post(
    `${one}/start-review`,
    {
      schema: {
        tags,
        summary: "Take a submitted release into review (names the reviewer)",
        params: releaseIdParamsSchema,
        body: startReviewSchema,
        response: detail,
      },
    },
    async (request) => {
      const { user } = await sessions.requireAdmin(request);
      return service.startReview(user, request.params.id, request.body.version);
    },
  );

  app.post(
    `${one}/request-changes`,
    {
      schema: {
        tags,
        summary: "Send a release in review back to its artist with items to fix",
        params: releaseIdParamsSchema,
        body: requestChangesSchema,
        response: detail,
      },
    },
    async (request) => {
      const { user } = await sessions.requireAdmin(request);
      return service.requestChanges(user, request.params.id, request.body);
    },
  );

  app.post(
    `${one}/approve`,
    {
      schema: {
        tags,
        summary: "Approve a release in review: assigns missing ISRCs and the UPC",
        params: releaseIdParamsSchema,
        body: approveSchema,
        response: detail,
      },
    },
    async (request) => {
      const { user } = await sessions.requireAdmin(request);
      return service.approve(user, request.params.id, request.body.version);
    },
  );

  registerFinalSteps(parent, service);
}

/** Reject (final) and the store rows of an approved release. */
function registerFinalSteps(parent: FastifyInstance, service: ReleaseReviewService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;
  const detail = { 200: deskReleaseDetailSchema, ...errorResponses };

  app.post(
    `${one}/reject`,
    {
      schema: {
        tags,
        summary: "Reject a release (final): its songs are rejected with the reason",
        params: releaseIdParamsSchema,
        body: rejectReleaseSchema,
        response: detail,
      },
    },
    async (request) => {
      const { user } = await sessions.requireAdmin(request);
      return service.reject(user, request.params.id, request.body);
    },
  );

  app.put(
    `${one}/stores`,
    {
      schema: {
        tags,
        summary: "Save store delivery rows; the first Live store makes the release live",
        params: releaseIdParamsSchema,
        body: storeDeliveriesSchema,
        response: detail,
      },
    },
    async (request) => {
      const { user } = await sessions.requireAdmin(request);
      return service.updateStores(user, request.params.id, request.body);
    },
  );
}

/** A song's store rows, to its artist or an agent (kept out of the cached song detail). */
function registerSongStoresRoute(parent: FastifyInstance, service: ReleaseReviewService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;
  app.get(
    "/api/songs/:id/stores",
    {
      schema: {
        tags,
        summary: "The store rows of a song's release (its artist, or an agent)",
        params: songIdParamsSchema,
        querystring: noQuerySchema,
        response: { 200: songStoresSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      return service.songStores(user, request.params.id);
    },
  );
}
