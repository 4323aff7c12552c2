/**
 * NUL (U+0000): PostgreSQL cannot store it in text and failed with a 500,
 * while SQLite stored it. The shared schemas refuse it with a 400 and a
 * message on both engines, in bodies, queries, path parameters, socket
 * messages and tus file names; nothing is stored.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../../cli/seed/solid-png";
import { chatRoomId } from "../../shared/chat";
import { NUL_CHARACTER_MESSAGE } from "../../shared/nul-character";
import { AVATAR_UPLOAD_PURPOSE } from "../../shared/profile-schemas";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  send,
  type TestUser,
} from "../test/chat-test-helpers";
import { createFinanceAgent } from "../test/statement-fixtures";
import { ORIGIN, createTestApp, signUp, type TestApp } from "../test/test-app";
import { tusUpload } from "../test/tus-upload";

const NUL = "\u0000";
let t: TestApp;
let artist: TestUser;
let agent: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  artist = await createUser(t.app, "Nul Artist");
  agent = await createUser(t.app, "Nul Agent", true);
});
afterAll(() => t.close());

const call = (
  user: TestUser,
  method: "GET" | "POST" | "PUT" | "PATCH",
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: user.cookie, origin: ORIGIN },
    ...(payload ? { payload } : {}),
  });

function expectRefused(response: { statusCode: number; json: () => unknown }, name: string) {
  expect({ name, status: response.statusCode, body: response.json() }).toMatchObject({
    name,
    status: 400,
    body: { message: NUL_CHARACTER_MESSAGE },
  });
}

const song = {
  artistId: "",
  type: "Night Drive",
  status: "pending",
  artist: "Nova",
  date: "2025-03-01",
};

describe("a NUL character", () => {
  it("is refused in profile fields and at sign-up, and nothing is stored", async () => {
    for (const field of ["bio", "artistName", "spotifyUrl"]) {
      expectRefused(await call(artist, "PATCH", "/api/profile", { [field]: `a${NUL}b` }), field);
    }
    const me = (await call(artist, "GET", "/api/me")).json<{ bio: string | null }>();
    expect(me.bio).toBeNull();
    const { response } = await signUp(t.app, { name: `Nul${NUL}Name` });
    expectRefused(response, "sign-up name");
  });

  it("is refused in every free-text field of a song", async () => {
    for (const field of ["type", "artist", "album", "genre", "duration", "lyrics", "statusNote"]) {
      const body = { ...song, artistId: artist.id, [field]: `x${NUL}y` };
      expectRefused(await call(agent, "POST", "/api/desk/songs", body), field);
    }
    expectRefused(
      await call(agent, "POST", "/api/desk/songs", { ...song, artistId: `${artist.id}${NUL}` }),
      "artistId",
    );
    const list = await call(agent, "GET", `/api/desk/artists/${artist.id}/songs`);
    expect(list.json()).toEqual([]);
  });

  it("is refused in search, filter and cursor queries", async () => {
    const queries: [TestUser, string][] = [
      [artist, "/api/chat/contacts?q=%00"],
      [artist, "/api/songs?q=a%00"],
      [artist, "/api/songs/counts?q=%00"],
      [agent, "/api/artists?q=%00"],
      [agent, "/api/desk/songs?q=%00"],
      [agent, "/api/desk/songs?status=pending%00"],
      [agent, "/api/desk/songs?artistId=%00"],
      [
        artist,
        `/api/songs?cursor=${Buffer.from(JSON.stringify({ d: "2025", i: NUL })).toString("base64url")}`,
      ],
    ];
    for (const [user, url] of queries) {
      const response = await call(user, "GET", url);
      if (url.includes("cursor")) expect(response.statusCode).toBe(400);
      else expectRefused(response, url);
    }
  });

  it("is refused in path parameters of songs, files, rooms and uploads", async () => {
    const paths: [TestUser, "GET" | "POST" | "PUT", string][] = [
      [artist, "GET", "/api/songs/a%00b"],
      [artist, "POST", "/api/songs/a%00b/views"],
      [agent, "GET", "/api/desk/songs/a%00b"],
      [agent, "PUT", "/api/desk/songs/a%00b"],
      [agent, "GET", "/api/desk/artists/a%00b/songs"],
      [artist, "GET", "/api/files/a%00b"],
      [artist, "PUT", `/api/chat/rooms/with/${agent.id}%00`],
      [artist, "GET", "/api/chat/rooms/a%00b/messages"],
      [artist, "POST", "/api/chat/rooms/a%00b/read"],
      [artist, "GET", "/api/uploads/a%00b/file"],
    ];
    for (const [user, method, url] of paths) {
      const payload =
        method === "PUT" && url.includes("desk") ? { ...song, version: 1 } : undefined;
      expectRefused(await call(user, method, url, payload), `${method} ${url}`);
    }
    const head = await t.app.inject({
      method: "PATCH",
      url: "/api/uploads/a%00b",
      headers: { cookie: artist.cookie, origin: ORIGIN, "tus-resumable": "1.0.0" },
    });
    expectRefused(head, "PATCH /api/uploads/:uploadId");
  });

  it("is refused in the finance desk's paths, searches and cursors", async () => {
    const finance = await createFinanceAgent(t.app, "Nul Finance");
    const calls: ["GET" | "POST" | "PUT", string, object?][] = [
      ["GET", "/api/desk/statements/a%00b"],
      ["GET", "/api/desk/statements/a%00b/unmatched"],
      ["POST", "/api/desk/statements/a%00b/reverse"],
      ["POST", "/api/desk/statements/a%00b/import"],
      ["PUT", "/api/desk/artists/a%00b/royalty-rate", { percent: "50" }],
      ["GET", "/api/desk/artists?q=a%00b"],
      ["GET", "/api/desk/tracks?q=a%00b"],
    ];
    for (const [method, url, payload] of calls) {
      expectRefused(await call(finance, method, url, payload), `${method} ${url}`);
    }
    const cursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");
    for (const url of [
      `/api/desk/statements?cursor=${cursor([1.5, "x"])}`,
      `/api/desk/statements?cursor=${cursor([1e300, "x"])}`,
      `/api/desk/statements?cursor=${cursor([1, `a${NUL}b`])}`,
      `/api/desk/artists?cursor=${cursor([`a${NUL}`, "b"])}`,
    ]) {
      const response = await call(finance, "GET", url);
      expect({ url, status: response.statusCode, body: response.json() }).toMatchObject({
        url,
        status: 400,
        body: { message: "Invalid page cursor." },
      });
    }
  });

  it("is refused in a tus file name, and no upload row is left", async () => {
    const { create } = await tusUpload(t.app, artist.cookie, solidPng(4, 4, [1, 2, 3]), {
      purpose: AVATAR_UPLOAD_PURPOSE,
      filename: `me${NUL}.png`,
    });
    expect(create.statusCode).toBe(400);
    expect(create.body).toBe(NUL_CHARACTER_MESSAGE);
    const rows = await t.app.ctx.database.db
      .selectFrom("stored_file")
      .select("id")
      .where("ownerId", "=", artist.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("is refused in a socket message, which is not stored", async () => {
    expect((await call(artist, "PUT", `/api/chat/rooms/with/${agent.id}`)).statusCode).toBe(200);
    const url = await listen(t.app);
    const socket = connectSocket(url, artist.cookie);
    try {
      await connected(socket);
      const roomId = chatRoomId(artist.id, agent.id);
      expect(await send(socket, { id: randomUUID(), roomId, text: `hi${NUL}` })).toEqual({
        ok: false,
        error: NUL_CHARACTER_MESSAGE,
      });
      expect(
        (await send(socket, { id: randomUUID(), roomId: `${roomId}${NUL}`, text: "hi" })).ok,
      ).toBe(false);
      const history = await call(artist, "GET", `/api/chat/rooms/${roomId}/messages`);
      expect(history.json()).toEqual([]);
    } finally {
      socket.close();
    }
  });
});
