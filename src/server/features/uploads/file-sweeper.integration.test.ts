import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../../../cli/seed/solid-png";
import { CHAT_UPLOAD_PURPOSE, chatRoomId } from "../../../shared/chat";
import { AVATAR_UPLOAD_PURPOSE } from "../../../shared/profile-schemas";
import { COVER_UPLOAD_PURPOSE } from "../../../shared/song-schemas";
import { ORIGIN, createTestApp, type TestApp } from "../../test/test-app";
import { songValues } from "../../test/song-values";
import { tusUpload } from "../../test/tus-upload";
import { productUploadPurposes } from "../../product-upload-purposes";
import { connectSocket, connected, createUser, listen, send } from "../../test/chat-test-helpers";
import { type TestUser } from "../../test/chat-test-helpers";
import { scheduleFileSweep, sweepFiles } from "./file-sweeper";
import { uploadPurposeMap } from "./upload-purposes";
import { DAY_MS } from "../../../shared/durations";

const png = solidPng(4, 4, [90, 40, 160]);

let t: TestApp;
let artist: TestUser;
let agent: TestUser;
let roomId: string;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createUser(t.app, "Sweep Artist");
  agent = await createUser(t.app, "Sweep Agent", true);
  const opened = await t.app.inject({
    method: "PUT",
    url: `/api/chat/rooms/with/${agent.id}`,
    headers: { cookie: artist.cookie, origin: ORIGIN },
  });
  expect(opened.statusCode).toBe(200);
  roomId = chatRoomId(artist.id, agent.id);
});
afterAll(() => t.close());

/** A finished upload (or, with a larger declared size, an unfinished one); its id. */
async function upload(cookie: string, metadata: Record<string, string>, declared?: number) {
  const { id } = await tusUpload(
    t.app,
    cookie,
    png,
    { filetype: "image/png", ...metadata },
    declared,
  );
  expect(id).toBeDefined();
  return id!;
}

async function age(id: string, ms: number) {
  await t.app.ctx.database.db
    .updateTable("stored_file")
    .set({ createdAt: Date.now() - ms })
    .where("id", "=", id)
    .execute();
}

const rowExists = async (id: string) =>
  (await t.app.ctx.database.db
    .selectFrom("stored_file")
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst()) !== undefined;

const bytesExist = async (id: string) => {
  try {
    await t.app.ctx.storage.head(id, 1);
    return true;
  } catch {
    return false;
  }
};

describe("the file sweeper", () => {
  it("removes old unfinished uploads and old unattached files, rows and bytes; keeps the rest", async () => {
    const chat = { purpose: CHAT_UPLOAD_PURPOSE, roomId };
    const oldUnfinished = await upload(artist.cookie, chat, 10_000);
    const freshUnfinished = await upload(artist.cookie, chat, 10_000);
    const attachedChatFile = await upload(artist.cookie, chat);
    const abandonedChatFile = await upload(artist.cookie, chat);
    const freshChatFile = await upload(artist.cookie, chat);
    const savedAvatar = await upload(artist.cookie, { purpose: AVATAR_UPLOAD_PURPOSE });
    const cover = { purpose: COVER_UPLOAD_PURPOSE, artistId: artist.id };
    const usedCover = await upload(agent.cookie, cover);
    const abandonedCover = await upload(agent.cookie, cover);

    // What refers to files: a sent message, the profile, a song.
    const url = await listen(t.app);
    const socket = connectSocket(url, artist.cookie);
    await connected(socket);
    const ack = await send(socket, {
      id: randomUUID(),
      roomId,
      text: "",
      fileId: attachedChatFile,
    });
    socket.disconnect();
    expect(ack.ok).toBe(true);
    const picture = await t.app.inject({
      method: "PUT",
      url: "/api/profile/picture",
      headers: { cookie: artist.cookie, origin: ORIGIN },
      payload: { fileId: savedAvatar },
    });
    expect(picture.statusCode).toBe(200);
    // Chosen after the saved one, never saved itself (saving removes the earlier ones).
    const abandonedAvatar = await upload(artist.cookie, { purpose: AVATAR_UPLOAD_PURPOSE });
    const song = await t.app.inject({
      method: "POST",
      url: "/api/desk/songs",
      headers: { cookie: agent.cookie, origin: ORIGIN },
      payload: songValues(artist.id, { coverFileId: usedCover }),
    });
    expect(song.statusCode).toBe(201);

    const old = [
      oldUnfinished,
      attachedChatFile,
      abandonedChatFile,
      savedAvatar,
      abandonedAvatar,
      usedCover,
      abandonedCover,
    ];
    for (const id of old) await age(id, DAY_MS + 60_000);
    await age(freshUnfinished, DAY_MS - 60_000);

    const db = t.app.ctx.database.db;
    const result = await sweepFiles(
      { db, storage: t.app.ctx.storage, purposes: uploadPurposeMap(productUploadPurposes(db)) },
      DAY_MS,
    );
    expect(result).toEqual({ unfinished: 1, unattached: 3 });

    for (const gone of [oldUnfinished, abandonedChatFile, abandonedAvatar, abandonedCover]) {
      expect(await rowExists(gone), gone).toBe(false);
      expect(await bytesExist(gone), gone).toBe(false);
    }
    for (const kept of [freshUnfinished, attachedChatFile, freshChatFile, savedAvatar, usedCover]) {
      expect(await rowExists(kept), kept).toBe(true);
    }
    for (const kept of [attachedChatFile, freshChatFile, savedAvatar, usedCover]) {
      expect(await bytesExist(kept), kept).toBe(true);
    }
    // The attached files still serve.
    const served = await t.app.inject({
      url: `/api/files/${attachedChatFile}`,
      headers: { cookie: agent.cookie },
    });
    expect(served.statusCode).toBe(200);
  });

  it("runs by itself on its schedule while the app is up, and is waited for on close", async () => {
    const chat = { purpose: CHAT_UPLOAD_PURPOSE, roomId };
    const old = await upload(artist.cookie, chat, 10_000);
    const fresh = await upload(artist.cookie, chat, 10_000);
    await age(old, DAY_MS + 60_000);
    // An app of its own with the same context, its timer every 100 ms.
    const host = Fastify({ logger: false });
    host.decorate("ctx", t.app.ctx);
    const db = t.app.ctx.database.db;
    scheduleFileSweep(host, uploadPurposeMap(productUploadPurposes(db)), {
      everyMs: 100,
      olderThanMs: DAY_MS,
    });
    await host.ready();
    try {
      // Rows go first, then bytes.
      await expect
        .poll(async () => [await rowExists(old), await bytesExist(old)], { timeout: 5_000 })
        .toEqual([false, false]);
      expect(await rowExists(fresh)).toBe(true);
    } finally {
      await host.close();
    }
  });
});
