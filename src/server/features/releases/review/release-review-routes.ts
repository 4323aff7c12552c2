import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
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
  type DeskReleaseDetail,
} from "../../../../shared/responses/release-review";
import { noQuerySchema } from "../../../../shared/no-input";
import { songIdParamsSchema } from "../../../../shared/song-schemas";
import type { PublicUser } from "../../../../shared/user";
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
      const { user } = await sessions.requireAdmin(request);
      return service.detail(user, request.params.id);
    },
  );

  registerSongStoresRoute(parent, service);
  for (const register of reviewSteps) register(parent, service);
}

/** One agent step on a release: its body, checked by its schema, and the service call. */
interface ReviewStep<S extends z.ZodType> {
  method: "POST" | "PUT";
  path: string;
  summary: string;
  body: S;
  run: (
    service: ReleaseReviewService,
    user: PublicUser,
    id: string,
    body: z.output<S>,
  ) => Promise<DeskReleaseDetail>;
}

/** Each step registered with its own body type, so `run` gets that body. */
const step =
  <S extends z.ZodType>(definition: ReviewStep<S>) =>
  (parent: FastifyInstance, service: ReleaseReviewService) =>
    registerStep(parent, service, definition);

const reviewSteps = [
  step({
    method: "POST",
    path: "start-review",
    summary: "Take a submitted release into review (names the reviewer)",
    body: startReviewSchema,
    run: (service, user, id, body) => service.startReview(user, id, body.version),
  }),
  step({
    method: "POST",
    path: "request-changes",
    summary: "Send a release in review back to its artist with items to fix",
    body: requestChangesSchema,
    run: (service, user, id, body) => service.requestChanges(user, id, body),
  }),
  step({
    method: "POST",
    path: "approve",
    summary: "Approve a release in review: assigns missing ISRCs and the UPC",
    body: approveSchema,
    run: (service, user, id, body) => service.approve(user, id, body.version),
  }),
  step({
    method: "POST",
    path: "reject",
    summary: "Reject a release (final): its songs are rejected with the reason",
    body: rejectReleaseSchema,
    run: (service, user, id, body) => service.reject(user, id, body),
  }),
  step({
    method: "PUT",
    path: "stores",
    summary: "Save store delivery rows; the first Live store makes the release live",
    body: storeDeliveriesSchema,
    run: (service, user, id, body) => service.updateStores(user, id, body),
  }),
];

function registerStep<S extends z.ZodType>(
  parent: FastifyInstance,
  service: ReleaseReviewService,
  step: ReviewStep<S>,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;
  app.route({
    method: step.method,
    url: `${one}/${step.path}`,
    schema: {
      tags,
      summary: step.summary,
      params: releaseIdParamsSchema,
      body: step.body,
      response: { 200: deskReleaseDetailSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { user } = await sessions.requireAdmin(request);
      // The type provider cannot resolve a generic schema's output; the schema checked it.
      return step.run(service, user, request.params.id, request.body as z.output<S>);
    },
  });
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
