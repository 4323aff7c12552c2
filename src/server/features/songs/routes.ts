import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely, Selectable } from "kysely";
import {
  artistSearchQuerySchema,
  deskSongCreateSchema,
  deskSongListQuerySchema,
  deskSongUpdateSchema,
  songCountsQuerySchema,
  songIdParamsSchema,
  songListQuerySchema,
  type SongRecord,
} from "../../../shared/song-schemas";
import { errorResponses } from "../../../shared/responses/common";
import {
  artistOptionsSchema,
  songCountsSchema,
  songDetailPageSchema,
  songNoticesSchema,
  songRecordSchema,
  songSummariesSchema,
  songSummaryPageSchema,
} from "../../../shared/responses/songs";
import { displayName } from "../../../shared/user";
import type { Database, SongRequestTable } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { LARGE_JSON } from "../../http/json-compression";
import { revalidateWithEtag } from "../../http/revalidate";
import { searchArtists } from "./artist-repository";
import { decodeSongCursor } from "./song-cursor";
import { listDailyViews, listStatusEvents } from "./song-history-repository";
import { SongPageCache } from "./song-page-cache";
import {
  countArtistSongs,
  findSong,
  listArtistSongs,
  listDeskSongs,
  listSongsOfArtist,
  listUnseenSongIds,
  recordSongView,
  toSongDetail,
} from "./song-repository";
import { assertSongReferences, deleteCoverIfUnused } from "./song-service";
import { createSongWithHistory, updateSongWithHistory } from "./song-status-service";
import { noBodySchema, noQuerySchema } from "../../../shared/no-input";

/** The detail screens' answer: the song, its status timeline and 30 days of views. */
async function toSongRecord(
  db: Kysely<Database>,
  row: Selectable<SongRequestTable>,
): Promise<SongRecord> {
  const [history, dailyViews] = await Promise.all([
    listStatusEvents(db, row.id),
    listDailyViews(db, row.id),
  ]);
  return { ...toSongDetail(row), history, dailyViews };
}

export const SONG_NOT_FOUND_MESSAGE = "Song not found";

function songNotFound(): HttpError {
  return new HttpError(404, SONG_NOT_FOUND_MESSAGE, undefined, "NOT_FOUND");
}

const artistTags = ["songs"];
const deskTags = ["song desk"];

/** The artist's catalogue and the agents' song desk, in their own scope (see the onSend hook). */
async function songsPlugin(parent: FastifyInstance): Promise<void> {
  await parent.register(songRoutes);
}

function songRoutes(scope: FastifyInstance, _options: unknown, done: (err?: Error) => void): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { database, sessions, events } = app.ctx;
  const db = database.db;

  // Song data is personal: never kept by shared caches. (This scope only.)
  // The artist's list and detail are kept by the browser but checked each
  // time (ETag, 304: revalidateWithEtag, a route hook that runs after this one).
  app.addHook("onSend", (_request, reply, payload, done) => {
    reply.header("cache-control", "private, no-store");
    done(null, payload);
  });

  // --- Artist side: only the signed-in artist's own songs. ---

  const pages = new SongPageCache();
  // A change made on any instance drops the artist's cached pages here.
  events.onEveryInstance("song.changed", ({ artistId }) => pages.drop(artistId));
  events.onEveryInstance("user.deleted", ({ userId }) => pages.drop(userId));

  app.get(
    "/api/songs",
    {
      onSend: revalidateWithEtag,
      schema: {
        tags: artistTags,
        summary: "The signed-in artist's songs, newest first, paged by key",
        querystring: songListQuerySchema,
        response: { 200: songSummaryPageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      const { cursor, ...filters } = request.query;
      // One cached body per artist and (filters, cursor).
      const pageKey = JSON.stringify([filters.status ?? "", filters.q ?? "", cursor ?? ""]);
      let body = pages.get(user.id, pageKey);
      if (body === undefined) {
        const startedAt = pages.begin();
        const page = await listArtistSongs(db, user.id, filters, decodeSongCursor(cursor));
        // The page is exactly the schema's shape (toSongSummary), so this is
        // what the serializer would write.
        body = JSON.stringify(page);
        pages.set(user.id, pageKey, body, startedAt);
      }
      // A JSON string is sent as it is, without serializing it again.
      return reply.type("application/json; charset=utf-8").send(body as never);
    },
  );

  app.get(
    "/api/songs/counts",
    {
      schema: {
        tags: artistTags,
        summary: "How many songs each status filter of Your Songs shows (title search applied)",
        querystring: songCountsQuerySchema,
        response: { 200: songCountsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      return countArtistSongs(db, user.id, request.query.q);
    },
  );

  app.get(
    "/api/songs/notices",
    {
      schema: {
        tags: artistTags,
        summary: "Songs whose status changed since the artist last opened them",
        querystring: noQuerySchema,
        response: { 200: songNoticesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      return { unseen: await listUnseenSongIds(db, user.id) };
    },
  );

  app.get(
    "/api/songs/:id",
    {
      onSend: revalidateWithEtag,
      schema: {
        tags: artistTags,
        summary: "One of the signed-in artist's songs, with its status timeline",
        querystring: noQuerySchema,
        params: songIdParamsSchema,
        response: { 200: songRecordSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      const row = await findSong(db, request.params.id);
      // A foreign song answers exactly like a missing one.
      if (!row || row.artistId !== user.id) throw songNotFound();
      return toSongRecord(db, row);
    },
  );

  /** Opening the detail: views + 1 atomically, answering the song with its new count. */
  app.post(
    "/api/songs/:id/views",
    {
      schema: {
        tags: artistTags,
        summary: "Count one view of the artist's own song (and mark its status change seen)",
        body: noBodySchema,
        params: songIdParamsSchema,
        response: { 200: songRecordSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      const opened = await recordSongView(db, request.params.id, user.id);
      if (!opened) throw songNotFound();
      // The list's "New status" marker went: its cached pages are dropped.
      if (opened.sawNotice) {
        await events.emit("song.changed", { songId: opened.row.id, artistId: user.id });
      }
      return toSongRecord(db, opened.row);
    },
  );

  // --- Agents' side: admins only. ---

  app.get(
    "/api/artists",
    {
      schema: {
        tags: deskTags,
        summary: "Artists matching a search (agents only)",
        querystring: artistSearchQuerySchema,
        response: { 200: artistOptionsSchema, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.requireAdmin(request);
      return searchArtists(database, request.query.q);
    },
  );

  app.get(
    "/api/desk/songs",
    {
      // Ten details with lyrics reach ~20 KB: compressed above the threshold.
      compress: LARGE_JSON,
      schema: {
        tags: deskTags,
        summary: "Every song, filtered and paged by key (agents only)",
        querystring: deskSongListQuerySchema,
        response: { 200: songDetailPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.requireAdmin(request);
      const filters = request.query;
      return listDeskSongs(db, filters, decodeSongCursor(filters.cursor));
    },
  );

  /** The agent's context beside a conversation: the artist's songs, newest first. */
  app.get(
    "/api/desk/artists/:id/songs",
    {
      schema: {
        tags: deskTags,
        summary: "An artist's songs with their status, newest first (agents only)",
        querystring: noQuerySchema,
        params: songIdParamsSchema,
        response: { 200: songSummariesSchema, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.requireAdmin(request);
      return listSongsOfArtist(db, request.params.id);
    },
  );

  app.get(
    "/api/desk/songs/:id",
    {
      schema: {
        tags: deskTags,
        summary: "One song with its status timeline (agents only)",
        querystring: noQuerySchema,
        params: songIdParamsSchema,
        response: { 200: songRecordSchema, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.requireAdmin(request);
      const row = await findSong(db, request.params.id);
      if (!row) throw songNotFound();
      return toSongRecord(db, row);
    },
  );

  app.post(
    "/api/desk/songs",
    {
      schema: {
        tags: deskTags,
        summary: "Create a song request for an artist (agents only)",
        body: deskSongCreateSchema,
        response: { 201: songRecordSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.requireAdmin(request);
      const values = request.body;
      await assertSongReferences(db, values);
      const agent = { id: user.id, name: displayName(user) };
      const { row } = await createSongWithHistory(db, agent, values);
      await events.emit("song.changed", { songId: row.id, artistId: row.artistId });
      return reply.status(201).send(await toSongRecord(db, row));
    },
  );

  app.put(
    "/api/desk/songs/:id",
    {
      schema: {
        tags: deskTags,
        summary:
          "Edit a song request from the version it was loaded at; a stale version answers 409 (agents only)",
        params: songIdParamsSchema,
        body: deskSongUpdateSchema,
        response: { 200: songRecordSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.requireAdmin(request);
      const { id } = request.params;
      const input = request.body;
      const before = await findSong(db, id);
      if (!before) throw songNotFound();
      await assertSongReferences(db, input);
      const agent = { id: user.id, name: displayName(user) };
      const { row, change } = await updateSongWithHistory(db, agent, before, input);
      const goneFiles =
        before.coverFileId !== row.coverFileId
          ? await deleteCoverIfUnused(db, before.coverFileId)
          : [];
      if (goneFiles.length > 0) await events.emit("files.deleted", { ids: goneFiles });
      for (const artistId of new Set([before.artistId, row.artistId])) {
        await events.emit("song.changed", { songId: row.id, artistId });
      }
      if (change) {
        // The artist hears it live; the chat writes its system line; the
        // history row is what the email notice will be sent from.
        await events.emit("song.statusChanged", {
          songId: row.id,
          artistId: row.artistId,
          title: row.type,
          from: before.status,
          to: row.status,
          agentId: user.id,
          agentName: change.agentName,
          historyId: change.id,
          at: change.at,
        });
      }
      return toSongRecord(db, row);
    },
  );
  done();
}

export default fp(songsPlugin, { name: "songs", decorators: { fastify: ["ctx"] } });
