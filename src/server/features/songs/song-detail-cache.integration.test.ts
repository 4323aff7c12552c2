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
import { createUser } from "../../test/chat-test-helpers";
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

  it("drops the record when another instance reports a change, raises its counts when it reports a view", async () => {
    const artist = await createUser(app, "Remote Record");
    const song = await insertSong(app.ctx.database.db, songValues(artist.id));
    const url = `/api/songs/${song.id}`;
    expect((await get(url, artist.cookie)).json().status).toBe("pending");
    await setStatusQuietly(song.id, "released");
    // What the Redis relay delivers when the change was made on another instance.
    await app.ctx.events.receive("song.changed", { songId: song.id, artistId: artist.id });
    const fresh = await get(url, artist.cookie);
    expect(fresh.json().status).toBe("released");

    // A view there: the counts it left arrive, the record is raised to them, not read again.
    await setStatusQuietly(song.id, "rejected");
    const today = fresh.json().dailyViews.at(-1).day as string;
    await app.ctx.events.receive("song.viewed", {
      songId: song.id,
      artistId: artist.id,
      views: 1,
      day: today,
      dayViews: 1,
    });
    const viewed = await get(url, artist.cookie, { "if-none-match": String(fresh.headers.etag) });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json()).toMatchObject({ status: "released", views: 1 });
    expect(viewed.json().dailyViews.at(-1)).toEqual({ day: today, views: 1 });
    expect(viewed.headers.etag).not.toBe(fresh.headers.etag);

    // An instance of an older release reports a view without its counts: the record goes.
    await app.ctx.events.receive("song.viewed", { songId: song.id, artistId: artist.id });
    expect((await get(url, artist.cookie)).json().status).toBe("rejected");
  });

  it("keeps an opened song's record cached: the view's answer and the next read carry its counts", async () => {
    const artist = await createUser(app, "Opened Record");
    const song = await insertSong(app.ctx.database.db, songValues(artist.id));
    const url = `/api/songs/${song.id}`;
    const first = await get(url, artist.cookie);
    expect(first.json()).toMatchObject({ status: "pending", views: 0 });
    // Written behind the app's back: a record read again would show it.
    await setStatusQuietly(song.id, "released");

    const opened = await send("POST", `${url}/views`, artist.cookie);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers.etag).toBeUndefined();
    const read = await get(url, artist.cookie, { "if-none-match": String(first.headers.etag) });
    expect(read.statusCode).toBe(200);
    // From the cache (the quiet status is not there), with the view counted.
    expect(read.json()).toMatchObject({ status: "pending", views: 1 });
    expect(read.json().dailyViews.at(-1).views).toBe(1);
    expect(read.headers.etag).not.toBe(first.headers.etag);
    // The view's answer is the record the read answers, byte for byte.
    expect(opened.body).toBe(read.body);
    expect(read.body).toBe(JSON.stringify(songRecordSchema.parse(read.json())));

    // Opened again: counted again, never a stale count.
    const again = await send("POST", `${url}/views`, artist.cookie);
    expect(again.json()).toMatchObject({ status: "pending", views: 2 });
    const reread = await get(url, artist.cookie, { "if-none-match": String(read.headers.etag) });
    expect(reread.statusCode).toBe(200);
    expect(reread.json()).toMatchObject({ views: 2 });
    expect(reread.json().dailyViews.at(-1).views).toBe(2);
    const unchanged = await get(url, artist.cookie, {
      "if-none-match": String(reread.headers.etag),
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it("caches a song on its first open, so the read that follows is answered from the cache", async () => {
    const artist = await createUser(app, "First Visit");
    const song = await insertSong(app.ctx.database.db, songValues(artist.id));
    const url = `/api/songs/${song.id}`;
    const opened = await send("POST", `${url}/views`, artist.cookie);
    expect(opened.json()).toMatchObject({ status: "pending", views: 1 });
    await setStatusQuietly(song.id, "released");
    const read = await get(url, artist.cookie);
    expect(read.json()).toMatchObject({ status: "pending", views: 1 });
    expect(read.body).toBe(opened.body);
    // A stranger's open counts nothing and caches nothing for them.
    const stranger = await createUser(app, "First Visit Stranger");
    expect((await send("POST", `${url}/views`, stranger.cookie)).statusCode).toBe(404);
    expect((await get(url, stranger.cookie)).statusCode).toBe(404);
    expect((await get(url, artist.cookie)).json().views).toBe(1);
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
