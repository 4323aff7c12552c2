import type { FastifyInstance } from "fastify";
import {
  COVER_UPLOAD_PURPOSE,
  artistSearchQuerySchema,
  deskSongListQuerySchema,
  songIdParamsSchema,
  songInputSchema,
  songListQuerySchema,
} from "../../../shared/song-schemas";
import { requireAdmin, requireSession, requireSessionCached } from "../../auth/session-guard";
import { HttpError, parseInput } from "../../http/errors";
import { deleteStoredFiles } from "../uploads/stored-files";
import { registerUploadPurpose } from "../uploads/upload-purposes";
import { searchArtists } from "./artist-repository";
import { coverUploadPurpose } from "./cover-upload-purpose";
import { decodeSongCursor } from "./song-cursor";
import {
  deleteArtistSongs,
  findSong,
  insertSong,
  listArtistSongs,
  listDeskSongs,
  recordSongView,
  toSongDetail,
  updateSong,
} from "./song-repository";
import { assertSongReferences, deleteCoverIfUnused } from "./song-service";

export const SONG_NOT_FOUND_MESSAGE = "Song not found";

function songNotFound(): HttpError {
  return new HttpError(404, SONG_NOT_FOUND_MESSAGE, undefined, "NOT_FOUND");
}

/** The artist's catalogue and the agents' song desk. */
export async function registerSongRoutes(parent: FastifyInstance): Promise<void> {
  const { auth, database, storage } = parent.ctx;
  const db = database.db;

  registerUploadPurpose(parent, coverUploadPurpose(parent));
  // A deleted artist's song requests go with the account, and so do their covers.
  parent.ctx.userCleanups.push(async (userId, trx) => {
    await deleteArtistSongs(trx, userId);
    await deleteStoredFiles(storage, trx, { purpose: COVER_UPLOAD_PURPOSE, scope: userId });
  });

  await parent.register((app, _options, done) => {
    // Song data is personal: never kept by shared caches.
    app.addHook("onSend", (_request, reply, payload, done) => {
      reply.header("cache-control", "private, no-store");
      done(null, payload);
    });

    // --- Artist side: only the signed-in artist's own songs. ---

    app.get("/api/songs", async (request) => {
      // The hottest read of the artist side: a session seen seconds ago is trusted.
      const { user } = await requireSessionCached(auth, request);
      const query = parseInput(songListQuerySchema, request.query);
      return listArtistSongs(db, user.id, decodeSongCursor(query.cursor));
    });

    app.get("/api/songs/:id", async (request) => {
      const { user } = await requireSession(auth, request);
      const { id } = parseInput(songIdParamsSchema, request.params);
      const row = await findSong(db, id);
      // A foreign song answers exactly like a missing one.
      if (!row || row.artistId !== user.id) throw songNotFound();
      return toSongDetail(row);
    });

    /** Opening the detail: views + 1 atomically, answering the song with its new count. */
    app.post("/api/songs/:id/views", async (request) => {
      const { user } = await requireSession(auth, request);
      const { id } = parseInput(songIdParamsSchema, request.params);
      const row = await recordSongView(db, id, user.id);
      if (!row) throw songNotFound();
      return toSongDetail(row);
    });

    // --- Agents' side: admins only. ---

    app.get("/api/artists", async (request) => {
      await requireAdmin(auth, request);
      const { q } = parseInput(artistSearchQuerySchema, request.query);
      return searchArtists(database, q);
    });

    app.get("/api/desk/songs", async (request) => {
      await requireAdmin(auth, request);
      const filters = parseInput(deskSongListQuerySchema, request.query);
      return listDeskSongs(db, filters, decodeSongCursor(filters.cursor));
    });

    app.get("/api/desk/songs/:id", async (request) => {
      await requireAdmin(auth, request);
      const { id } = parseInput(songIdParamsSchema, request.params);
      const row = await findSong(db, id);
      if (!row) throw songNotFound();
      return toSongDetail(row);
    });

    app.post("/api/desk/songs", async (request, reply) => {
      await requireAdmin(auth, request);
      const values = parseInput(songInputSchema, request.body);
      await assertSongReferences(db, values);
      const row = await insertSong(db, values);
      return reply.status(201).send(toSongDetail(row));
    });

    app.put("/api/desk/songs/:id", async (request) => {
      await requireAdmin(auth, request);
      const { id } = parseInput(songIdParamsSchema, request.params);
      const values = parseInput(songInputSchema, request.body);
      const before = await findSong(db, id);
      if (!before) throw songNotFound();
      await assertSongReferences(db, values);
      const row = await updateSong(db, id, values);
      if (!row) throw songNotFound();
      if (before.coverFileId !== row.coverFileId) {
        await deleteCoverIfUnused(db, storage, before.coverFileId);
      }
      return toSongDetail(row);
    });
    done();
  });
}
