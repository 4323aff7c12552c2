import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses } from "../../../shared/responses/common";
import {
  artistOptionsSchema,
  deskSongRecordSchema,
  songDetailPageSchema,
  songRecordSchema,
  songSummariesSchema,
} from "../../../shared/responses/songs";
import { noQuerySchema } from "../../../shared/no-input";
import {
  artistSearchQuerySchema,
  deskSongCreateSchema,
  deskSongListQuerySchema,
  deskSongUpdateSchema,
  songIdParamsSchema,
} from "../../../shared/song-schemas";
import { LARGE_JSON } from "../../http/json-compression";
import { DeskSongService } from "./desk-song-service";

const tags = ["song desk"];

/** The agents' song desk: every song, admins only. */
export function deskSongRoutes(
  app: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  const { database, events } = app.ctx;
  const service = new DeskSongService({ database, events });
  registerDeskSongReadRoutes(app, service);
  registerDeskSongWriteRoutes(app, service);
  done();
}

/** Finding artists and songs: the search, the desk's list, an artist's songs, one song. */
function registerDeskSongReadRoutes(parent: FastifyInstance, service: DeskSongService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  app.get(
    "/api/artists",
    {
      schema: {
        tags,
        summary: "Artists matching a search (agents only)",
        querystring: artistSearchQuerySchema,
        response: { 200: artistOptionsSchema, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.requireAdmin(request);
      return service.searchArtists(request.query.q);
    },
  );

  app.get(
    "/api/desk/songs",
    {
      // Ten details with lyrics reach ~20 KB: compressed above the threshold.
      compress: LARGE_JSON,
      schema: {
        tags,
        summary: "Every song, filtered and paged by key (agents only)",
        querystring: deskSongListQuerySchema,
        response: { 200: songDetailPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.requireAdmin(request);
      return service.list(request.query);
    },
  );

  /** The agent's context beside a conversation: the artist's songs, newest first. */
  app.get(
    "/api/desk/artists/:id/songs",
    {
      schema: {
        tags,
        summary: "An artist's songs with their status, newest first (agents only)",
        querystring: noQuerySchema,
        params: songIdParamsSchema,
        response: { 200: songSummariesSchema, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.requireAdmin(request);
      return service.listOfArtist(request.params.id);
    },
  );

  app.get(
    "/api/desk/songs/:id",
    {
      schema: {
        tags,
        summary: "One song with its status timeline and the release that owns it (agents only)",
        querystring: noQuerySchema,
        params: songIdParamsSchema,
        response: { 200: deskSongRecordSchema, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.requireAdmin(request);
      return service.get(request.params.id);
    },
  );
}

/** Creating a song request for an artist, and editing one. */
function registerDeskSongWriteRoutes(parent: FastifyInstance, service: DeskSongService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  app.post(
    "/api/desk/songs",
    {
      schema: {
        tags,
        summary: "Create a song request for an artist (agents only)",
        body: deskSongCreateSchema,
        response: { 201: songRecordSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.requireAdmin(request);
      return reply.status(201).send(await service.create(user, request.body));
    },
  );

  app.put(
    "/api/desk/songs/:id",
    {
      schema: {
        tags,
        summary:
          "Edit a song request from the version it was loaded at; a stale version, or a song a release owns, answers 409 (agents only)",
        params: songIdParamsSchema,
        body: deskSongUpdateSchema,
        response: { 200: songRecordSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.requireAdmin(request);
      return service.update(user, request.params.id, request.body);
    },
  );
}
