import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { RELEASE_API } from "../../../shared/release-constants";
import {
  releaseCreateSchema,
  releaseDraftSchema,
  releaseIdParamsSchema,
  releaseSubmitSchema,
  releaseWithdrawSchema,
} from "../../../shared/release-schemas";
import { errorResponses } from "../../../shared/responses/common";
import {
  releaseDetailSchema,
  releaseSubmitRefusalSchema,
  releaseSummariesSchema,
} from "../../../shared/responses/releases";
import { noBodySchema, noQuerySchema } from "../../../shared/no-input";
import { z } from "zod";
import { releaseWithReviewSchema } from "../../../shared/responses/release-review";
import { notifyReleaseSubmitted } from "./release-notices";
import { registerReleaseReviewNotices } from "./review/release-review-notices";
import { registerReleaseReviewRoutes } from "./review/release-review-routes";
import { ReleaseReviewService } from "./review/release-review-service";
import { ReleaseService, SubmitRefused } from "./release-service";

const tags = ["releases"];
const one = `${RELEASE_API}/:id`;

/**
 * Releases (issue 39): the artist's drafts, their submission for review
 * and withdrawal; agents read every release. Personal data: never cached
 * by shared caches.
 */
async function releasesPlugin(parent: FastifyInstance): Promise<void> {
  const { database, events, config } = parent.ctx;
  const service = new ReleaseService({
    db: database.db,
    events,
    leadDays: config.releaseLeadDays,
  });
  const review = new ReleaseReviewService({
    db: database.db,
    events,
    releases: service,
    codes: { isrcPrefix: config.isrcPrefix, upcPrefix: config.upcPrefix },
  });
  events.on("release.submitted", (event) => notifyReleaseSubmitted(parent, event));
  registerReleaseReviewNotices(parent);
  await parent.register((scope, _options, done) => {
    scope.addHook("onSend", (_request, reply, payload, next) => {
      reply.header("cache-control", "private, no-store");
      next(null, payload);
    });
    registerDraftRoutes(scope, service, review);
    registerReviewRoutes(scope, service);
    registerReleaseReviewRoutes(scope, review);
    done();
  });
}

/** Creating, listing, reading and saving drafts. */
function registerDraftRoutes(
  parent: FastifyInstance,
  service: ReleaseService,
  review: ReleaseReviewService,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  app.post(
    RELEASE_API,
    {
      schema: {
        tags,
        summary: "A new draft of the signed-in artist (201), or their untouched one (200)",
        body: releaseCreateSchema,
        response: { 200: releaseDetailSchema, 201: releaseDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      const { release, created } = await service.create(user, request.body.reuseUntouched);
      return reply.status(created ? 201 : 200).send(release);
    },
  );

  app.get(
    RELEASE_API,
    {
      schema: {
        tags,
        summary: "The signed-in artist's releases, newest first",
        querystring: noQuerySchema,
        response: { 200: releaseSummariesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      return service.list(user);
    },
  );

  app.get(
    one,
    {
      schema: {
        tags,
        summary: "One release with its tracks, files, issues and review (its artist, or an agent)",
        params: releaseIdParamsSchema,
        querystring: noQuerySchema,
        response: { 200: releaseWithReviewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      const row = await service.readable(user, request.params.id);
      const [detail, rowReview] = await Promise.all([
        service.detailOfRow(row),
        review.reviewOf(row),
      ]);
      return { ...detail, review: rowReview };
    },
  );

  app.put(
    one,
    {
      schema: {
        tags,
        summary: "Save the whole draft (refused when another tab saved a newer version)",
        params: releaseIdParamsSchema,
        body: releaseDraftSchema,
        response: { 200: releaseDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      return service.save(user, request.params.id, request.body);
    },
  );
}

/** Deleting a draft, submitting for review and withdrawing. */
function registerReviewRoutes(parent: FastifyInstance, service: ReleaseService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  app.delete(
    one,
    {
      schema: {
        tags,
        summary: "Delete a draft with its tracks and files",
        params: releaseIdParamsSchema,
        body: noBodySchema,
        response: { 204: z.null().describe("Deleted"), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      await service.remove(user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${one}/submit`,
    {
      schema: {
        tags,
        summary: "Submit for review: each track becomes a pending song request",
        params: releaseIdParamsSchema,
        body: releaseSubmitSchema,
        response: { 200: releaseDetailSchema, ...errorResponses, 422: releaseSubmitRefusalSchema },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      try {
        return await service.submit(user, request.params.id, request.body);
      } catch (err) {
        if (!(err instanceof SubmitRefused)) throw err;
        return reply.status(422).send({
          message: err.message,
          code: "RELEASE_NOT_READY",
          fieldErrors: err.fieldErrors ?? {},
          error: err.message,
          issues: err.issues,
        });
      }
    },
  );

  app.post(
    `${one}/withdraw`,
    {
      schema: {
        tags,
        summary: "Back to a draft while no agent has started the review",
        params: releaseIdParamsSchema,
        body: releaseWithdrawSchema,
        response: { 200: releaseDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      return service.withdraw(user, request.params.id, request.body);
    },
  );
}

export default fp(releasesPlugin, { name: "releases", decorators: { fastify: ["ctx"] } });
