import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noBodySchema, noQuerySchema } from "../../../shared/no-input";
import { errorResponses } from "../../../shared/responses/common";
import {
  financeArtistListSchema,
  financeArtistSchema,
  statementDetailSchema,
  statementListSchema,
  trackMatchListSchema,
  unmatchedListSchema,
} from "../../../shared/responses/statements";
import {
  artistsQuerySchema,
  cursorQuerySchema,
  deskIdParamsSchema,
  royaltyRateInputSchema,
  statementAssignInputSchema,
  statementPreviewInputSchema,
  trackSearchQuerySchema,
} from "../../../shared/statement-schemas";
import { requireFinance } from "../../auth/finance-role";
import type { SessionInfo } from "../../auth/session-reader";
import type { StatementService } from "./statement-service";

const tags = ["statements"];

export interface StatementsPluginOptions {
  statements: StatementService;
}

/**
 * Store statements, their unmatched codes and the artists' royalty rates
 * (issue 46, docs/statements-api.md): finance agents only (401 signed out,
 * 403 for artists and support agents).
 */
type Finance = (request: FastifyRequest) => Promise<SessionInfo>;

function statementsPlugin(
  parent: FastifyInstance,
  { statements }: StatementsPluginOptions,
  done: (err?: Error) => void,
): void {
  const { sessions, database } = parent.ctx;
  const finance: Finance = (request) => requireFinance(sessions, database.db, request);
  registerStatementReads(parent, statements, finance);
  registerStatementSteps(parent, statements, finance);
  registerTrackAndArtistRoutes(parent, statements, finance);
  done();
}

/** The statements list, one statement, its unmatched codes. */
function registerStatementReads(
  parent: FastifyInstance,
  statements: StatementService,
  finance: Finance,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/desk/statements",
    {
      schema: {
        tags,
        summary: "Finance: imported statements, newest first",
        querystring: cursorQuerySchema,
        response: { 200: statementListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await finance(request);
      reply.header("cache-control", "no-store");
      return statements.list(request.query.cursor);
    },
  );
  app.get(
    "/api/desk/statements/:id",
    {
      schema: {
        tags,
        summary: "Finance: a statement (headers, mapping, totals, line errors, progress)",
        params: deskIdParamsSchema,
        querystring: noQuerySchema,
        response: { 200: statementDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await finance(request);
      reply.header("cache-control", "no-store");
      return statements.detail(request.params.id);
    },
  );
  app.get(
    "/api/desk/statements/:id/unmatched",
    {
      schema: {
        tags,
        summary: "Finance: the statement's unmatched lines grouped by code",
        params: deskIdParamsSchema,
        querystring: noQuerySchema,
        response: { 200: unmatchedListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await finance(request);
      reply.header("cache-control", "no-store");
      return statements.unmatched(request.params.id);
    },
  );
}

/** Preview, import, reverse, assign: the steps of a statement. */
function registerStatementSteps(
  parent: FastifyInstance,
  statements: StatementService,
  finance: Finance,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/desk/statements/:id/preview",
    {
      schema: {
        tags,
        summary: "Finance: read the file with these columns and rates (202; poll until preview)",
        params: deskIdParamsSchema,
        body: statementPreviewInputSchema,
        response: { 202: statementDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await finance(request);
      const detail = await statements.startPreview(request.params.id, request.body);
      reply.code(202);
      return detail;
    },
  );
  app.post(
    "/api/desk/statements/:id/import",
    {
      schema: {
        tags,
        summary: "Finance: credit everyone at once (202; a job); 409 when already importing",
        params: deskIdParamsSchema,
        body: noBodySchema,
        response: { 202: statementDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await finance(request);
      const detail = await statements.startImport(request.params.id, user.id);
      reply.code(202);
      return detail;
    },
  );
  app.post(
    "/api/desk/statements/:id/reverse",
    {
      schema: {
        tags,
        summary: "Finance: post the opposite of every entry of the statement",
        params: deskIdParamsSchema,
        body: noBodySchema,
        response: { 200: statementDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await finance(request);
      return statements.reverse(request.params.id, user.id);
    },
  );
  app.post(
    "/api/desk/statements/:id/unmatched/assign",
    {
      schema: {
        tags,
        summary: "Finance: give an unmatched code to a track (credits its artist at once)",
        params: deskIdParamsSchema,
        body: statementAssignInputSchema,
        response: { 200: statementDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await finance(request);
      return statements.assign(request.params.id, request.body, user.id);
    },
  );
}

/** Find a track (for an assignment); the artists and their royalty rates. */
function registerTrackAndArtistRoutes(
  parent: FastifyInstance,
  statements: StatementService,
  finance: Finance,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/desk/tracks",
    {
      schema: {
        tags,
        summary: "Finance: find a track by title or ISRC",
        querystring: trackSearchQuerySchema,
        response: { 200: trackMatchListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await finance(request);
      reply.header("cache-control", "no-store");
      return statements.tracks(request.query.q);
    },
  );
  app.get(
    "/api/desk/artists",
    {
      schema: {
        tags,
        summary: "Finance: artists with their royalty rate and balance",
        querystring: artistsQuerySchema,
        response: { 200: financeArtistListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await finance(request);
      reply.header("cache-control", "no-store");
      return statements.artists(request.query.q, request.query.cursor);
    },
  );
  app.put(
    "/api/desk/artists/:id/royalty-rate",
    {
      schema: {
        tags,
        summary: "Finance: an artist's royalty rate for statements imported from now on",
        params: deskIdParamsSchema,
        body: royaltyRateInputSchema,
        response: { 200: financeArtistSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await finance(request);
      return statements.setRoyaltyRate(request.params.id, request.body.percent, user.id);
    },
  );
}

export default fp(statementsPlugin, {
  name: "statements",
  decorators: { fastify: ["ctx"] },
});
