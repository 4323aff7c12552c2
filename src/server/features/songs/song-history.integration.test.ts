import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  REJECTION_NOTE_REQUIRED,
  REJECTION_REASON_REQUIRED,
  SONG_CHANGED_CONFLICT,
} from "../../../shared/song-status";
import { SONG_STATUS_CHANGED_EVENT, type SongStatusNotice } from "../../../shared/song-events";
import { UNKNOWN_STATUS_MESSAGE } from "../../../shared/song-schemas";
import { createTestApp, ORIGIN, STRONG_PASSWORD, type TestApp } from "../../test/test-app";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  nextEvent,
  type TestUser,
} from "../../test/chat-test-helpers";
import { insertSong } from "./song-repository";

let t: TestApp;
let app: FastifyInstance;
let url: string;

const get = (path: string, cookie: string) =>
  app.inject({ method: "GET", url: path, headers: { cookie, origin: ORIGIN } });
const send = (method: "POST" | "PUT", path: string, cookie: string, payload: unknown = {}) =>
  app.inject({
    method,
    url: path,
    headers: { cookie, origin: ORIGIN },
    payload: payload as object,
  });

function fields(artistId: string, overrides: Record<string, unknown> = {}) {
  return {
    artistId,
    type: "Night Drive",
    status: "pending",
    artist: "Nova",
    date: "2024-05-01",
    ...overrides,
  };
}

async function createSong(agent: TestUser, artistId: string, overrides = {}) {
  const response = await send("POST", "/api/desk/songs", agent.cookie, fields(artistId, overrides));
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; version: number; history: unknown[] }>();
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  url = await listen(app);
});
afterAll(() => t.close());

describe("status history on the desk", () => {
  it("records every status change with from, to, agent, time and note", async () => {
    const agent = await createUser(app, "Alex", true);
    const artist = await createUser(app, "History Artist");
    const song = await createSong(agent, artist.id);
    expect(song.history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: "pending", agentName: "Alex" }),
    ]);

    const rejected = await send("PUT", `/api/desk/songs/${song.id}`, agent.cookie, {
      ...fields(artist.id, { status: "rejected" }),
      version: song.version,
      rejectionReason: "artwork",
      statusNote: "  The cover has a web address on it.  ",
    });
    expect(rejected.statusCode).toBe(200);
    const afterReject = rejected.json();
    expect(afterReject.version).toBe(song.version + 1);

    // A save that keeps the status writes no history line.
    const retitled = await send("PUT", `/api/desk/songs/${song.id}`, agent.cookie, {
      ...fields(artist.id, { status: "rejected", album: "Roads" }),
      version: afterReject.version,
    });
    expect(retitled.statusCode).toBe(200);

    const released = await send("PUT", `/api/desk/songs/${song.id}`, agent.cookie, {
      ...fields(artist.id, { status: "released", album: "Roads" }),
      version: retitled.json().version,
      statusNote: "Fixed cover received.",
    });
    expect(released.statusCode).toBe(200);

    for (const response of [
      await get(`/api/desk/songs/${song.id}`, agent.cookie),
      await get(`/api/songs/${song.id}`, artist.cookie),
    ]) {
      const history = response.json().history;
      expect(history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
        "pending",
        "rejected",
        "released",
      ]);
      expect(history[1]).toMatchObject({
        fromStatus: "pending",
        toStatus: "rejected",
        reasonCode: "artwork",
        note: "The cover has a web address on it.",
        agentName: "Alex",
      });
      expect(history[1].at).toBeGreaterThan(Date.now() - 60_000);
      expect(history[2]).toMatchObject({
        fromStatus: "rejected",
        reasonCode: null,
        note: "Fixed cover received.",
      });
    }
  });

  it("refuses a rejection without a reason, bad reasons and unknown statuses with a 400", async () => {
    const agent = await createUser(app, "Strict Agent", true);
    const artist = await createUser(app, "Reason Artist");
    const song = await createSong(agent, artist.id);
    const put = (body: Record<string, unknown>) =>
      send("PUT", `/api/desk/songs/${song.id}`, agent.cookie, {
        ...fields(artist.id, { status: "rejected" }),
        version: song.version,
        ...body,
      });

    const cases: [Record<string, unknown>, string, string][] = [
      [{}, "rejectionReason", REJECTION_REASON_REQUIRED],
      [{ rejectionReason: "other", statusNote: "   " }, "statusNote", REJECTION_NOTE_REQUIRED],
      [{ rejectionReason: "vibes" }, "rejectionReason", "Choose one of the listed reasons."],
      [
        { rejectionReason: "rights", statusNote: "x".repeat(501) },
        "statusNote",
        "The note must be at most 500 characters.",
      ],
      [{ status: "on hold", rejectionReason: "rights" }, "status", UNKNOWN_STATUS_MESSAGE],
    ];
    for (const [body, field, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
    }
    // Creating a song as rejected needs a reason too.
    const born = await send(
      "POST",
      "/api/desk/songs",
      agent.cookie,
      fields(artist.id, { status: "rejected" }),
    );
    expect(born.statusCode).toBe(400);
    // Nothing was written by the refused saves.
    const stored = (await get(`/api/desk/songs/${song.id}`, agent.cookie)).json();
    expect(stored.status).toBe("pending");
    expect(stored.version).toBe(song.version);
    expect(stored.history).toHaveLength(1);
  });

  it("answers 409 to the second of two saves made from the same version", async () => {
    const first = await createUser(app, "Agent One", true);
    const second = await createUser(app, "Agent Two", true);
    const artist = await createUser(app, "Contested");
    const song = await createSong(first, artist.id);
    const body = (agentStatus: string) => ({
      ...fields(artist.id, { status: agentStatus }),
      version: song.version,
    });
    const results = await Promise.all([
      send("PUT", `/api/desk/songs/${song.id}`, first.cookie, body("released")),
      send("PUT", `/api/desk/songs/${song.id}`, second.cookie, {
        ...body("rejected"),
        rejectionReason: "metadata",
      }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json()).toMatchObject({ message: SONG_CHANGED_CONFLICT, code: "CONFLICT" });
    const stored = (await get(`/api/desk/songs/${song.id}`, first.cookie)).json();
    expect(stored.history).toHaveLength(2);
    expect(stored.version).toBe(song.version + 1);

    const noVersion = await send(
      "PUT",
      `/api/desk/songs/${song.id}`,
      first.cookie,
      fields(artist.id),
    );
    expect(noVersion.statusCode).toBe(400);
  });

  it("answers 404 to a status change on a song that is gone", async () => {
    const agent = await createUser(app, "Late Agent", true);
    const artist = await createUser(app, "Gone Artist");
    const song = await createSong(agent, artist.id);
    const deleted = await send("POST", "/api/account/delete", artist.cookie, {
      password: STRONG_PASSWORD,
      confirm: "DELETE",
    });
    expect(deleted.statusCode).toBe(200);
    const change = await send("PUT", `/api/desk/songs/${song.id}`, agent.cookie, {
      ...fields(artist.id, { status: "released" }),
      version: song.version,
    });
    expect(change.statusCode).toBe(404);
    const rows = await app.ctx.database.db
      .selectFrom("song_status_event")
      .select("id")
      .where("songId", "=", song.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe("live song changes", () => {
  it("reach the song's artist and every agent, never another artist", async () => {
    const agent = await createUser(app, "Editing Agent", true);
    const teammate = await createUser(app, "Watching Agent", true);
    const artist = await createUser(app, "Edited Artist");
    const bystander = await createUser(app, "Other Artist");
    const song = await createSong(agent, artist.id);
    const artistSocket = connectSocket(url, artist.cookie);
    const teammateSocket = connectSocket(url, teammate.cookie);
    const bystanderSocket = connectSocket(url, bystander.cookie);
    const sockets = [artistSocket, teammateSocket, bystanderSocket];
    try {
      await Promise.all(sockets.map(connected));
      let bystanderHeard = false;
      bystanderSocket.on("song:changed", () => (bystanderHeard = true));
      const heard = Promise.all([
        nextEvent<{ songId: string }>(artistSocket, "song:changed"),
        nextEvent<{ songId: string }>(teammateSocket, "song:changed"),
      ]);
      const put = await send("PUT", `/api/desk/songs/${song.id}`, agent.cookie, {
        ...fields(artist.id, { artist: "Nova & Friends" }),
        version: song.version,
      });
      expect(put.statusCode).toBe(200);
      expect(await heard).toEqual([{ songId: song.id }, { songId: song.id }]);
      expect(bystanderHeard).toBe(false);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});

describe("status notices", () => {
  it("reaches the artist live, marks the song unseen until opened, and is emailed", async () => {
    const agent = await createUser(app, "Notice Agent", true);
    const artist = await createUser(app, "Noticed Artist");
    const bystander = await createUser(app, "Bystander");
    const song = await createSong(agent, artist.id);
    const socket = connectSocket(url, artist.cookie);
    const other = connectSocket(url, bystander.cookie);
    try {
      await Promise.all([connected(socket), connected(other)]);
      let bystanderHeard = false;
      other.on(SONG_STATUS_CHANGED_EVENT, () => (bystanderHeard = true));
      const heard = nextEvent<SongStatusNotice>(socket, SONG_STATUS_CHANGED_EVENT);
      const put = await send("PUT", `/api/desk/songs/${song.id}`, agent.cookie, {
        ...fields(artist.id, { status: "rejected" }),
        version: song.version,
        rejectionReason: "audio_quality",
      });
      expect(put.statusCode).toBe(200);
      expect(await heard).toMatchObject({
        songId: song.id,
        title: "Night Drive",
        fromStatus: "pending",
        toStatus: "rejected",
        agentName: "Notice Agent",
      });
      expect(bystanderHeard).toBe(false);
    } finally {
      socket.close();
      other.close();
    }

    expect((await get("/api/songs/notices", artist.cookie)).json()).toEqual({ unseen: [song.id] });
    const listed = (await get("/api/songs", artist.cookie)).json().items[0];
    expect(listed).toMatchObject({ id: song.id, unseen: true });
    expect((await send("POST", `/api/songs/${song.id}/views`, artist.cookie)).statusCode).toBe(200);
    expect((await get("/api/songs/notices", artist.cookie)).json()).toEqual({ unseen: [] });

    // The change was emailed to the artist (notices/song-status-notices.ts), and the row says so.
    const mailed = await app.ctx.database.db
      .selectFrom("song_status_event")
      .select(["toStatus", "emailedAt"])
      .where("songId", "=", song.id)
      .where("fromStatus", "is not", null)
      .execute();
    expect(mailed).toEqual([{ toStatus: "rejected", emailedAt: expect.any(Number) }]);
  });
});

describe("Your Songs filters", () => {
  it("filters by status and title, counts each filter, and pages by key", async () => {
    const artist = await createUser(app, "Filter Artist");
    const other = await createUser(app, "Other Filter Artist");
    const db = app.ctx.database.db;
    const base = { artist: "A", album: "", genre: "", duration: "", lyrics: "", link: "" };
    const links = { coverFileId: null, spotifyUrl: "", appleMusicUrl: "", youtubeUrl: "" };
    for (let i = 0; i < 25; i++) {
      await insertSong(db, {
        ...base,
        ...links,
        artistId: artist.id,
        type: i % 2 === 0 ? `Night ${i}` : `Day ${i}`,
        // Old rows may hold any case: stored lower-case, they filter exactly.
        status: ["pending", "Released", "rejected"][i % 3]!,
        date: `2024-01-${String((i % 7) + 1).padStart(2, "0")}`,
      });
    }
    await insertSong(db, {
      ...base,
      ...links,
      artistId: other.id,
      type: "Night other",
      status: "released",
      date: "2024-01-01",
    });

    expect((await get("/api/songs/counts", artist.cookie)).json()).toEqual({
      all: 25,
      pending: 9,
      "in review": 0,
      released: 8,
      rejected: 8,
    });
    expect((await get("/api/songs/counts?q=night", artist.cookie)).json()).toEqual({
      all: 13,
      pending: 5,
      "in review": 0,
      released: 4,
      rejected: 4,
    });

    const collect = async (query: string) => {
      const seen: { id: string; type: string; status: string }[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const sep = query ? "&" : "";
        const page: { items: typeof seen; nextCursor: string | null } = (
          await get(
            `/api/songs?${query}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ""}`,
            artist.cookie,
          )
        ).json();
        seen.push(...page.items);
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      return { seen, pages };
    };
    const released = await collect("status=released");
    expect(released.seen).toHaveLength(8);
    expect(released.seen.every((s) => s.status === "released")).toBe(true);
    const nightPending = await collect("status=pending&q=NIGHT");
    expect(nightPending.seen).toHaveLength(5);
    expect(nightPending.seen.every((s) => s.type.startsWith("Night"))).toBe(true);
    const night = await collect("q=night");
    expect(night.seen).toHaveLength(13);
    expect(night.pages).toBe(2);
    expect(new Set(night.seen.map((s) => s.id)).size).toBe(13);

    const bad = await get("/api/songs?status=lost", artist.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(UNKNOWN_STATUS_MESSAGE);
    expect((await get(`/api/songs?q=${"x".repeat(101)}`, artist.cookie)).statusCode).toBe(400);
    expect((await get("/api/songs/counts", "")).statusCode).toBe(401);
  });
});

describe("views per day", () => {
  it("counts each open on today's row and answers 30 days oldest first", async () => {
    const agent = await createUser(app, "View Agent", true);
    const artist = await createUser(app, "View Artist");
    const song = await createSong(agent, artist.id);
    await send("POST", `/api/songs/${song.id}/views`, artist.cookie);
    const opened = (await send("POST", `/api/songs/${song.id}/views`, artist.cookie)).json();
    expect(opened.views).toBe(2);
    expect(opened.dailyViews).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(opened.dailyViews.at(-1)).toEqual({ day: today, views: 2 });
    expect(opened.dailyViews[0].views).toBe(0);
    expect(opened.dailyViews[0].day < today).toBe(true);
  });
});

describe("the agent's context pane", () => {
  it("lists an artist's songs newest first, for agents only", async () => {
    const agent = await createUser(app, "Pane Agent", true);
    const artist = await createUser(app, "Pane Artist");
    const older = await createSong(agent, artist.id, { type: "Older", date: "2023-01-01" });
    const newer = await createSong(agent, artist.id, { type: "Newer", date: "2025-01-01" });
    const listed = await get(`/api/desk/artists/${artist.id}/songs`, agent.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((s: { id: string }) => s.id)).toEqual([newer.id, older.id]);
    expect(listed.json()[0]).toMatchObject({ type: "Newer", status: "pending" });

    const byArtist = await get(`/api/desk/artists/${artist.id}/songs`, artist.cookie);
    expect(byArtist.statusCode).toBe(403);
    expect((await get(`/api/desk/artists/${artist.id}/songs`, "")).statusCode).toBe(401);
  });
});
