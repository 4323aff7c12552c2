import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../../../cli/seed/solid-png";
import { createTestApp, ORIGIN, signUp, STRONG_PASSWORD, type TestApp } from "../../test/test-app";
import { tusUpload } from "../../test/tus-upload";
import { findUserIdByEmail, setAdmin } from "../users/user-accounts";
import { insertSong } from "./song-repository";
import { songValues } from "../../test/song-values";
import { INVALID_CURSOR_MESSAGE } from "../../http/page-cursor";

let t: TestApp;
let app: FastifyInstance;

interface Account {
  id: string;
  cookie: string;
}

async function newAccount(name: string, admin = false): Promise<Account> {
  const { cookie, email } = await signUp(app, { name });
  const id = (await findUserIdByEmail(app.ctx.database, email))!;
  if (admin) await setAdmin(app.ctx.database, id, true);
  return { id, cookie };
}

const get = (url: string, cookie: string) =>
  app.inject({ method: "GET", url, headers: { cookie, origin: ORIGIN } });
const send = (method: "POST" | "PUT", url: string, cookie: string, payload?: unknown) =>
  app.inject({ method, url, headers: { cookie, origin: ORIGIN }, payload: payload ?? {} });

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(() => t.close());

describe("the artist's song list", () => {
  it("pages by key across equal dates, newest first, only the artist's own songs", async () => {
    const artist = await newAccount("Pager");
    const other = await newAccount("Other");
    const db = app.ctx.database.db;
    // 25 songs on 5 dates, 5 per date: the cursor must break ties by id.
    const dates = ["2023-05-01", "2024-02-10", "2022-12-31", "2024-02-11", "2023-05-02"];
    for (let i = 0; i < 25; i++) {
      await insertSong(db, songValues(artist.id, { type: `Song ${i}`, date: dates[i % 5] }));
    }
    await insertSong(db, songValues(other.id, { type: "Not mine", date: "2030-01-01" }));

    const seen: { id: string; date: string }[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = cursor ? `/api/songs?cursor=${encodeURIComponent(cursor)}` : "/api/songs";
      const response = await get(url, artist.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("private, no-cache");
      const page = response.json();
      pageSizes.push(page.items.length);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);

    expect(pageSizes).toEqual([10, 10, 5]);
    expect(new Set(seen.map((s) => s.id)).size).toBe(25);
    const expected = [...seen].sort((a, b) =>
      a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1,
    );
    expect(seen).toEqual(expected);
    expect(seen[0]!.date).toBe("2024-02-11");
    expect(seen.some((s) => (s as unknown as { type: string }).type === "Not mine")).toBe(false);
  });

  it("answers exactly 10 with no next page when there are exactly 10", async () => {
    const artist = await newAccount("Ten");
    for (let i = 0; i < 10; i++) {
      await insertSong(app.ctx.database.db, songValues(artist.id, { date: "2024-03-03" }));
    }
    const page = (await get("/api/songs", artist.cookie)).json();
    expect(page.items).toHaveLength(10);
    expect(page.nextCursor).toBeNull();
  });

  it("stops answering the moment the artist signs out, though sessions are cached", async () => {
    const artist = await newAccount("Signing Out");
    expect((await get("/api/songs", artist.cookie)).statusCode).toBe(200);
    expect((await get("/api/songs", artist.cookie)).statusCode).toBe(200);
    const out = await send("POST", "/api/auth/sign-out", artist.cookie);
    expect(out.statusCode).toBe(200);
    expect((await get("/api/songs", artist.cookie)).statusCode).toBe(401);
  });

  it("refuses a malformed cursor with a 400 and needs a session", async () => {
    const artist = await newAccount("Cursor");
    const bad = await get("/api/songs?cursor=not-a-cursor", artist.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(INVALID_CURSOR_MESSAGE);
    expect((await get("/api/songs", "")).statusCode).toBe(401);
  });
});

describe("revalidation of the artist's list and detail", () => {
  const getIfNoneMatch = (url: string, cookie: string, etag: string) =>
    app.inject({ method: "GET", url, headers: { cookie, origin: ORIGIN, "if-none-match": etag } });

  it("answers 304 with no body while the list is unchanged, 200 with a new ETag after a change", async () => {
    const artist = await newAccount("Revalidating");
    await insertSong(app.ctx.database.db, songValues(artist.id, { type: "First" }));
    const first = await get("/api/songs", artist.cookie);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const unchanged = await getIfNoneMatch("/api/songs", artist.cookie, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe("");
    expect(unchanged.headers.etag).toBe(etag);
    // Weak and listed forms of the same tag match too.
    expect((await getIfNoneMatch("/api/songs", artist.cookie, `"x", W/${etag}`)).statusCode).toBe(
      304,
    );

    const second = await insertSong(app.ctx.database.db, songValues(artist.id, { type: "Second" }));
    // Whoever changes songs says so (the desk routes do); the page cache listens.
    await app.ctx.events.emit("song.changed", { songId: second.id, artistId: artist.id });
    const changed = await getIfNoneMatch("/api/songs", artist.cookie, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().items).toHaveLength(2);
  });

  it("answers 304 for an unchanged detail and 200 once its view count moved", async () => {
    const artist = await newAccount("Detail Etag");
    const song = await insertSong(app.ctx.database.db, songValues(artist.id));
    const url = `/api/songs/${song.id}`;
    const etag = String((await get(url, artist.cookie)).headers.etag);
    expect((await getIfNoneMatch(url, artist.cookie, etag)).statusCode).toBe(304);
    expect((await send("POST", `${url}/views`, artist.cookie)).statusCode).toBe(200);
    const after = await getIfNoneMatch(url, artist.cookie, etag);
    expect(after.statusCode).toBe(200);
    expect(after.json().views).toBe(1);
  });

  it("never answers 304 to someone who may not see the answer", async () => {
    const artist = await newAccount("Owner Etag");
    const stranger = await newAccount("Stranger Etag");
    const song = await insertSong(app.ctx.database.db, songValues(artist.id));
    const url = `/api/songs/${song.id}`;
    const etag = String((await get(url, artist.cookie)).headers.etag);
    expect((await getIfNoneMatch(url, "", etag)).statusCode).toBe(401);
    const foreign = await getIfNoneMatch(url, stranger.cookie, etag);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers.etag).toBeUndefined();
    expect((await getIfNoneMatch(url, stranger.cookie, "*")).statusCode).toBe(404);
  });

  it("compresses a large desk page when the agent's browser accepts it, never the small artist answers", async () => {
    const agent = await newAccount("Desk Compress", true);
    const artist = await newAccount("Long Lyrics");
    const lyrics = "la la land, the river bends and the night keeps singing\n".repeat(30);
    for (let i = 0; i < 10; i++) {
      await insertSong(app.ctx.database.db, songValues(artist.id, { lyrics }));
    }
    const url = `/api/desk/songs?artistId=${artist.id}`;
    const headers = { cookie: agent.cookie, origin: ORIGIN, "accept-encoding": "br, gzip" };
    const big = await app.inject({ method: "GET", url, headers });
    expect(big.statusCode).toBe(200);
    expect(big.headers["content-encoding"]).toBe("br");
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const body = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()) as {
      items: unknown[];
    };
    expect(body.items).toHaveLength(10);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 4);

    const small = await app.inject({
      method: "GET",
      url: "/api/songs",
      headers: { ...headers, cookie: artist.cookie },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json().items).toHaveLength(10);
  });

  it("keeps the agents' desk answers out of every cache", async () => {
    const agent = await newAccount("Desk Agent Etag", true);
    const desk = await get("/api/desk/songs", agent.cookie);
    expect(desk.statusCode).toBe(200);
    expect(desk.headers["cache-control"]).toBe("private, no-store");
    expect(desk.headers.etag).toBeUndefined();
  });
});

describe("the artist's cached song page", () => {
  it("is served from the cache until a song of that artist changes on this instance", async () => {
    const artist = await newAccount("Cached Page");
    const other = await newAccount("Other Cached Page");
    const db = app.ctx.database.db;
    await insertSong(db, songValues(artist.id, { type: "One" }));
    await insertSong(db, songValues(other.id, { type: "Theirs" }));
    expect((await get("/api/songs", artist.cookie)).json().items).toHaveLength(1);
    expect((await get("/api/songs", other.cookie)).json().items).toHaveLength(1);

    // Written behind the app's back: no event, so the cached page stands.
    const two = await insertSong(db, songValues(artist.id, { type: "Two" }));
    await insertSong(db, songValues(other.id, { type: "Theirs too" }));
    expect((await get("/api/songs", artist.cookie)).json().items).toHaveLength(1);

    await app.ctx.events.emit("song.changed", { songId: two.id, artistId: artist.id });
    const fresh = await get("/api/songs", artist.cookie);
    expect(fresh.headers["content-type"]).toMatch(/application\/json/);
    expect(fresh.json().items).toHaveLength(2);
    // Only that artist's pages went.
    expect((await get("/api/songs", other.cookie)).json().items).toHaveLength(1);
  });

  it("drops the artist's pages when another instance reports the change", async () => {
    const artist = await newAccount("Remote Change");
    const db = app.ctx.database.db;
    await insertSong(db, songValues(artist.id));
    expect((await get("/api/songs", artist.cookie)).json().items).toHaveLength(1);
    const added = await insertSong(db, songValues(artist.id));
    // What the Redis relay delivers when the change was made on another instance.
    await app.ctx.events.receive("song.changed", { songId: added.id, artistId: artist.id });
    expect((await get("/api/songs", artist.cookie)).json().items).toHaveLength(2);
  });

  it("shows a song filed on the desk at once", async () => {
    const agent = await newAccount("Desk Filer", true);
    const artist = await newAccount("Desk Filed");
    expect((await get("/api/songs", artist.cookie)).json().items).toHaveLength(0);
    const created = await send("POST", "/api/desk/songs", agent.cookie, songValues(artist.id));
    expect(created.statusCode).toBe(201);
    expect((await get("/api/songs", artist.cookie)).json().items).toHaveLength(1);
  });
});

describe("the song detail", () => {
  it("hides another artist's song as not found and does not count the view", async () => {
    const owner = await newAccount("Owner");
    const intruder = await newAccount("Intruder");
    const song = await insertSong(app.ctx.database.db, songValues(owner.id));

    for (const response of [
      await get(`/api/songs/${song.id}`, intruder.cookie),
      await send("POST", `/api/songs/${song.id}/views`, intruder.cookie),
      await get("/api/songs/no-such-song", owner.cookie),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("Song not found");
    }
    const own = await get(`/api/songs/${song.id}`, owner.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().views).toBe(0);
  });

  it("counts every one of 20 concurrent opens exactly once", async () => {
    const artist = await newAccount("Viewer");
    const song = await insertSong(app.ctx.database.db, songValues(artist.id));
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => send("POST", `/api/songs/${song.id}/views`, artist.cookie)),
    );
    // Each answer is the song's cached record, raised to its own view's counts
    // and to those of the views already heard (decision 087): it shows at least
    // its own view, and the last view's answer shows all twenty.
    const counts = responses.map((r) => r.json().views as number);
    expect(Math.max(...counts)).toBe(20);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    const read = (await get(`/api/songs/${song.id}`, artist.cookie)).json();
    expect(read.views).toBe(20);
    expect(read.dailyViews.at(-1).views).toBe(20);
    const stored = await app.ctx.database.db
      .selectFrom("song_request")
      .select("views")
      .where("id", "=", song.id)
      .executeTakeFirstOrThrow();
    expect(stored.views).toBe(20);
  });
});

describe("the song desk", () => {
  it("is for support agents only", async () => {
    const artist = await newAccount("Not An Agent");
    const body = songValues(artist.id);
    for (const response of [
      await send("POST", "/api/desk/songs", artist.cookie, body),
      await send("PUT", "/api/desk/songs/x", artist.cookie, { ...body, version: 1 }),
      await get("/api/desk/songs", artist.cookie),
      await get("/api/desk/songs/x", artist.cookie),
      await get("/api/artists", artist.cookie),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect((await send("POST", "/api/desk/songs", "", body)).statusCode).toBe(401);
    expect((await get("/api/artists", "")).statusCode).toBe(401);
  });

  it("rejects invalid input with a message per field", async () => {
    const agent = await newAccount("Agent V", true);
    const artist = await newAccount("Valid Artist");
    const response = await send(
      "POST",
      "/api/desk/songs",
      agent.cookie,
      songValues(artist.id, {
        type: "  ",
        date: "2024-02-30",
        spotifyUrl: "javascript:alert(1)",
        link: "not a link",
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      type: "Song type is required.",
      date: "Enter a valid release date (YYYY-MM-DD).",
      spotifyUrl: "Invalid URL format for Spotify link",
      link: "Invalid URL format for song link",
    });

    const noArtist = await send("POST", "/api/desk/songs", agent.cookie, songValues("nobody"));
    expect(noArtist.statusCode).toBe(400);
    expect(noArtist.json().fieldErrors).toEqual({ artistId: "Choose an existing artist." });

    // An agent is not an artist: songs cannot be filed under them.
    const toAgent = await send("POST", "/api/desk/songs", agent.cookie, songValues(agent.id));
    expect(toAgent.statusCode).toBe(400);
  });

  it("creates, edits and finds songs; the artist sees the new one first", async () => {
    const agent = await newAccount("Agent C", true);
    const artist = await newAccount("Desk Artist");
    await insertSong(app.ctx.database.db, songValues(artist.id, { date: "2024-01-01" }));

    const created = await send(
      "POST",
      "/api/desk/songs",
      agent.cookie,
      songValues(artist.id, {
        type: "Midnight 100% Drive",
        album: "Night_Roads",
        date: "2025-06-01",
        spotifyUrl: "open.spotify.com/track/abc",
        link: "example.com/song",
        views: 999,
      }),
    );
    expect(created.statusCode).toBe(201);
    const song = created.json();
    expect(song.spotifyUrl).toBe("https://open.spotify.com/track/abc");
    expect(song.link).toBe("https://example.com/song");
    expect(song.views).toBe(0);

    const list = (await get("/api/songs", artist.cookie)).json();
    expect(list.items[0].id).toBe(song.id);

    const edited = await send(
      "PUT",
      `/api/desk/songs/${song.id}`,
      agent.cookie,
      songValues(artist.id, {
        type: "Midnight 100% Drive",
        date: "2025-06-01",
        status: "Released",
        version: song.version,
      }),
    );
    expect(edited.statusCode).toBe(200);
    // Stored lower-case, so the artist's filters compare exact values.
    expect(edited.json().status).toBe("released");
    expect((await get(`/api/songs/${song.id}`, artist.cookie)).json().status).toBe("released");

    const byStatus = (
      await get(`/api/desk/songs?status=released&artistId=${artist.id}`, agent.cookie)
    ).json();
    expect(byStatus.items.map((s: { id: string }) => s.id)).toEqual([song.id]);
    // The search text's % and _ are literal, and matching ignores case.
    const bySearch = (await get("/api/desk/songs?q=100%25%20DRIVE", agent.cookie)).json();
    expect(bySearch.items.map((s: { id: string }) => s.id)).toEqual([song.id]);
    expect((await get("/api/desk/songs?q=100%25x", agent.cookie)).json().items).toEqual([]);

    const missing = await send(
      "PUT",
      "/api/desk/songs/nope",
      agent.cookie,
      songValues(artist.id, { version: 1 }),
    );
    expect(missing.statusCode).toBe(404);

    const artists = (await get("/api/artists?q=desk%20art", agent.cookie)).json();
    expect(artists).toEqual([
      { id: artist.id, artistName: "Desk Artist", email: expect.any(String) },
    ]);
  });

  it("pages the desk by key as well", async () => {
    const agent = await newAccount("Agent P", true);
    const artist = await newAccount("Many Songs");
    for (let i = 0; i < 12; i++) {
      await insertSong(app.ctx.database.db, songValues(artist.id, { date: "2020-01-01" }));
    }
    const first = (await get(`/api/desk/songs?artistId=${artist.id}`, agent.cookie)).json();
    expect(first.items).toHaveLength(10);
    const second = (
      await get(
        `/api/desk/songs?artistId=${artist.id}&cursor=${encodeURIComponent(first.nextCursor)}`,
        agent.cookie,
      )
    ).json();
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((s: { id: string }) => s.id);
    expect(new Set(ids).size).toBe(12);
  });
});

const png = solidPng(8, 8, [10, 120, 200]);
const coverMeta = (artistId: string, extra: Record<string, string> = {}) => ({
  purpose: "cover",
  filename: "cover.png",
  filetype: "image/png",
  artistId,
  ...extra,
});

async function uploadCover(agent: Account, artistId: string, bytes = png): Promise<string> {
  const result = await tusUpload(app, agent.cookie, bytes, coverMeta(artistId));
  expect(result.patch?.statusCode).toBe(200);
  return result.id!;
}

describe("song covers", () => {
  it("only agents upload them, for an existing artist", async () => {
    const artist = await newAccount("Cover Artist");
    const agent = await newAccount("Cover Agent", true);
    const byArtist = await tusUpload(app, artist.cookie, png, coverMeta(artist.id));
    expect(byArtist.create.statusCode).toBe(403);
    expect(byArtist.create.body).toBe("Only support agents can upload song covers.");
    const noArtist = await tusUpload(app, agent.cookie, png, coverMeta(""));
    expect(noArtist.create.statusCode).toBe(400);
    expect(noArtist.create.body).toBe("Choose the artist before uploading a cover.");
  });

  it("refuses bytes that are not an image and files over 5 MB", async () => {
    const artist = await newAccount("Strict Artist");
    const agent = await newAccount("Strict Agent", true);
    const fake = Buffer.from("%PDF-1.7 this is not a picture at all, whatever it claims");
    const lying = await tusUpload(app, agent.cookie, fake, coverMeta(artist.id));
    expect(lying.create.statusCode).toBe(201);
    expect(lying.patch?.statusCode).toBe(415);
    // The rejected upload is gone and cannot be used as a cover.
    const song = await send(
      "POST",
      "/api/desk/songs",
      agent.cookie,
      songValues(artist.id, { coverFileId: lying.id }),
    );
    expect(song.statusCode).toBe(400);
    expect(song.json().fieldErrors.coverFileId).toBe("Upload the cover again for this artist.");

    const huge = await tusUpload(app, agent.cookie, png, coverMeta(artist.id), 5 * 1024 * 1024 + 1);
    expect(huge.create.statusCode).toBe(413);
    const limit = await tusUpload(app, agent.cookie, png, coverMeta(artist.id), 5 * 1024 * 1024);
    expect(limit.create.statusCode).toBe(201);
  });

  it("shows a cover to its artist only, keeps it with that artist and deletes replaced ones", async () => {
    const artist = await newAccount("Shown Artist");
    const other = await newAccount("Other Artist");
    const agent = await newAccount("Shown Agent", true);
    const coverId = await uploadCover(agent, artist.id);

    const lent = await send(
      "POST",
      "/api/desk/songs",
      agent.cookie,
      songValues(other.id, { coverFileId: coverId }),
    );
    expect(lent.statusCode).toBe(400);

    const created = await send(
      "POST",
      "/api/desk/songs",
      agent.cookie,
      songValues(artist.id, { coverFileId: coverId }),
    );
    expect(created.statusCode).toBe(201);
    const list = (await get("/api/songs", artist.cookie)).json();
    expect(list.items[0].coverUrl).toBe(`/api/files/${coverId}`);
    const image = await get(`/api/files/${coverId}`, artist.cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["cache-control"]).toBe("private, no-cache");
    expect((await get(`/api/files/${coverId}`, other.cookie)).statusCode).toBe(404);

    const newCover = await uploadCover(agent, artist.id);
    const replaced = await send(
      "PUT",
      `/api/desk/songs/${created.json().id}`,
      agent.cookie,
      songValues(artist.id, { coverFileId: newCover, version: created.json().version }),
    );
    expect(replaced.statusCode).toBe(200);
    expect((await get(`/api/files/${coverId}`, agent.cookie)).statusCode).toBe(404);
    expect((await get(`/api/files/${newCover}`, artist.cookie)).statusCode).toBe(200);
  });
});

describe("account deletion", () => {
  it("removes the artist's song requests and their covers", async () => {
    const artist = await newAccount("Leaving");
    const keeper = await newAccount("Staying");
    const agent = await newAccount("Cleanup Agent", true);
    const db = app.ctx.database.db;
    const coverFileId = await uploadCover(agent, artist.id);
    await insertSong(db, songValues(artist.id, { coverFileId }));
    await insertSong(db, songValues(keeper.id));
    // Seen once, so the session sits in the list's session cache.
    expect((await get("/api/songs", artist.cookie)).statusCode).toBe(200);
    const deleted = await send("POST", "/api/account/delete", artist.cookie, {
      password: STRONG_PASSWORD,
      confirm: "DELETE",
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get("/api/songs", artist.cookie)).statusCode).toBe(401);
    const left = await db.selectFrom("song_request").select("artistId").execute();
    expect(left.some((r) => r.artistId === artist.id)).toBe(false);
    expect(left.some((r) => r.artistId === keeper.id)).toBe(true);
    expect((await get(`/api/files/${coverFileId}`, agent.cookie)).statusCode).toBe(404);
  });
});
