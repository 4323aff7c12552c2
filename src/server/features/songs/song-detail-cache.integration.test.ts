/**
 * The artist's song record (GET /api/songs/:id) is kept serialized per song
 * (song-detail-cache.ts), like the list's pages: these tests say what drops
 * it, so a changed song is fresh at once, here and when another instance
 * reports the change; and that the cache never shows a song to anyone but
 * its artist.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { songRecordSchema } from "../../../shared/responses/songs";
import { createTestApp, ORIGIN, type TestApp } from "../../test/test-app";
import { songValues } from "../../test/song-values";
import { createUser } from "../chat/chat-test-helpers";
import { insertSong } from "./song-repository";

let t: TestApp;
let app: FastifyInstance;

const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { cookie, origin: ORIGIN, ...headers } });
const send = (method: "POST" | "PUT", url: string, cookie: string, payload: unknown = {}) =>
  app.inject({ method, url, headers: { cookie, origin: ORIGIN }, payload: payload as object });

/** Writes the song behind the app's back: no event, so a cached record stands. */
const setStatusQuietly = (songId: string, status: string) =>
  app.ctx.database.db
    .updateTable("song_request")
    .set({ status })
    .where("id", "=", songId)
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(() => t.close());

describe("the artist's cached song record", () => {
  it("is served from the cache until that song changes on this instance", async () => {
    const artist = await createUser(app, "Cached Record");
    const db = app.ctx.database.db;
    const song = await insertSong(db, songValues(artist.id, { status: "pending" }));
    const other = await insertSong(db, songValues(artist.id, { status: "pending" }));
    const url = `/api/songs/${song.id}`;
    const first = await get(url, artist.cookie);
    expect(first.statusCode).toBe(200);
    // Byte for byte what the route's serializer writes for the record.
    expect(first.body).toBe(JSON.stringify(songRecordSchema.parse(first.json())));
    expect((await get(`/api/songs/${other.id}`, artist.cookie)).json().status).toBe("pending");

    await setStatusQuietly(song.id, "released");
    await setStatusQuietly(other.id, "released");
    const cached = await get(url, artist.cookie);
    expect(cached.json().status).toBe("pending");
    expect(cached.headers.etag).toBe(first.headers.etag);

    await app.ctx.events.emit("song.changed", { songId: song.id, artistId: artist.id });
    const fresh = await get(url, artist.cookie);
    expect(fresh.headers["content-type"]).toMatch(/application\/json/);
    expect(fresh.json().status).toBe("released");
    expect(fresh.headers.etag).not.toBe(first.headers.etag);
    // Only that song's record went.
    expect((await get(`/api/songs/${other.id}`, artist.cookie)).json().status).toBe("pending");
  });

  it("drops the record when another instance reports a change or a view", async () => {
    const artist = await createUser(app, "Remote Record");
    const song = await insertSong(app.ctx.database.db, songValues(artist.id));
    const url = `/api/songs/${song.id}`;
    expect((await get(url, artist.cookie)).json().status).toBe("pending");
    await setStatusQuietly(song.id, "released");
    // What the Redis relay delivers when the change was made on another instance.
    await app.ctx.events.receive("song.changed", { songId: song.id, artistId: artist.id });
    expect((await get(url, artist.cookie)).json().status).toBe("released");

    await setStatusQuietly(song.id, "rejected");
    expect((await get(url, artist.cookie)).json().status).toBe("released");
    await app.ctx.events.receive("song.viewed", { songId: song.id, artistId: artist.id });
    expect((await get(url, artist.cookie)).json().status).toBe("rejected");
  });

  it("shows a desk edit, a status change and its timeline at once", async () => {
    const agent = await createUser(app, "Record Agent", true);
    const artist = await createUser(app, "Record Artist");
    const created = await send("POST", "/api/desk/songs", agent.cookie, songValues(artist.id));
    expect(created.statusCode).toBe(201);
    const { id, version } = created.json<{ id: string; version: number }>();
    const url = `/api/songs/${id}`;
    const before = await get(url, artist.cookie);
    expect(before.json().history).toHaveLength(1);

    const edited = await send("PUT", `/api/desk/songs/${id}`, agent.cookie, {
      ...songValues(artist.id, { status: "rejected", album: "Renamed" }),
      version,
      rejectionReason: "artwork",
      statusNote: "The cover has a web address on it.",
    });
    expect(edited.statusCode).toBe(200);
    const after = await get(url, artist.cookie, { "if-none-match": String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ status: "rejected", album: "Renamed", unseen: true });
    expect(after.json().history).toEqual([
      expect.objectContaining({ toStatus: "pending" }),
      expect.objectContaining({
        fromStatus: "pending",
        toStatus: "rejected",
        reasonCode: "artwork",
      }),
    ]);
    // Opening it counts a view and clears the notice: the next read shows both.
    expect((await send("POST", `${url}/views`, artist.cookie)).statusCode).toBe(200);
    const opened = (await get(url, artist.cookie)).json();
    expect(opened).toMatchObject({ views: 1, unseen: false });
    expect(opened.dailyViews.at(-1).views).toBe(1);
  });

  it("answers another artist 404 whether or not the record is cached, and the owner 304", async () => {
    const owner = await createUser(app, "Record Owner");
    const intruder = await createUser(app, "Record Intruder");
    const song = await insertSong(app.ctx.database.db, songValues(owner.id));
    const url = `/api/songs/${song.id}`;
    // Not cached yet: the intruder's read fills nothing.
    expect((await get(url, intruder.cookie)).statusCode).toBe(404);
    const own = await get(url, owner.cookie);
    expect(own.statusCode).toBe(200);
    const variants: Record<string, string>[] = [{}, { "if-none-match": String(own.headers.etag) }];
    for (const headers of variants) {
      const foreign = await get(url, intruder.cookie, headers);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe("Song not found");
      expect(foreign.headers.etag).toBeUndefined();
    }
    const revalidated = await get(url, owner.cookie, { "if-none-match": String(own.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(own.headers.etag);
  });

  it("forgets a moved song's old artist: the new one sees it, the old one gets 404", async () => {
    const agent = await createUser(app, "Mover Agent", true);
    const from = await createUser(app, "Moved From");
    const to = await createUser(app, "Moved To");
    const created = await send("POST", "/api/desk/songs", agent.cookie, songValues(from.id));
    const { id, version } = created.json<{ id: string; version: number }>();
    const url = `/api/songs/${id}`;
    expect((await get(url, from.cookie)).statusCode).toBe(200);
    const moved = await send("PUT", `/api/desk/songs/${id}`, agent.cookie, {
      ...songValues(to.id),
      version,
      rejectionReason: null,
      statusNote: "",
    });
    expect(moved.statusCode).toBe(200);
    expect((await get(url, from.cookie)).statusCode).toBe(404);
    expect((await get(url, to.cookie)).json().artistId).toBe(to.id);
  });
});
