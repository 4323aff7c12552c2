import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses } from "../../../shared/responses/common";
import {
  songCountsSchema,
  songNoticesSchema,
  songRecordSchema,
  songSummaryPageSchema,
} from "../../../shared/responses/songs";
import { noBodySchema, noQuerySchema } from "../../../shared/no-input";
import {
  songCountsQuerySchema,
  songIdParamsSchema,
  songListQuerySchema,
} from "../../../shared/song-schemas";
import { sendRevalidated } from "../../http/revalidate";
import { sendJson } from "../../http/send-json";
import { ArtistSongService } from "./artist-song-service";

const tags = ["songs"];

/** The artist's catalogue: only the signed-in artist's own songs. */
export function artistSongRoutes(
  app: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  const { database, events } = app.ctx;
  const service = new ArtistSongService({ db: database.db, dialect: database.dialect, events });
  registerCatalogueRoutes(app, service);
  registerOneSongRoutes(app, service);
  done();
}

/** The list of the artist's songs, its filter counts and the status-change notices. */
function registerCatalogueRoutes(parent: FastifyInstance, service: ArtistSongService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  // The list and detail are kept by the browser but checked each time
  // (ETag, 304: sendRevalidated, over the scope's no-store).
  app.get(
    "/api/songs",
    {
      schema: {
        tags,
        summary: "The signed-in artist's songs, newest first, paged by key",
        querystring: songListQuerySchema,
        response: { 200: songSummaryPageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      const { cursor, ...filters } = request.query;
      return sendRevalidated(request, reply, await service.listPageJson(user.id, filters, cursor));
    },
  );

  app.get(
    "/api/songs/counts",
    {
      schema: {
        tags,
        summary: "How many songs each status filter of Your Songs shows (title search applied)",
        querystring: songCountsQuerySchema,
        response: { 200: songCountsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      return service.counts(user.id, request.query.q);
    },
  );

  app.get(
    "/api/songs/notices",
    {
      schema: {
        tags,
        summary: "Songs whose status changed since the artist last opened them",
        querystring: noQuerySchema,
        response: { 200: songNoticesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      return service.notices(user.id);
    },
  );
}

/** One of the artist's songs: reading it, and counting a view of it. */
function registerOneSongRoutes(parent: FastifyInstance, service: ArtistSongService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  app.get(
    "/api/songs/:id",
    {
      schema: {
        tags,
        summary: "One of the signed-in artist's songs, with its status timeline",
        querystring: noQuerySchema,
        params: songIdParamsSchema,
        response: { 200: songRecordSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      return sendRevalidated(request, reply, await service.getJson(user.id, request.params.id));
    },
  );

  app.post(
    "/api/songs/:id/views",
    {
      schema: {
        tags,
        summary: "Count one view of the artist's own song (and mark its status change seen)",
        body: noBodySchema,
        params: songIdParamsSchema,
        response: { 200: songRecordSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      // The record as the GET answers it, without its ETag: a POST's answer is not revalidated.
      return sendJson(reply, (await service.open(user.id, request.params.id)).body);
    },
  );
}
