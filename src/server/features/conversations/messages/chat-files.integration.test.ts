import { randomUUID } from "node:crypto";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../../../../cli/seed/solid-png";
import { readAll } from "../../../test/read-all";
import { createTestApp, deleteAccountOf, type TestApp } from "../../../test/test-app";
import { tusUpload } from "../../../test/tus-upload";
import { chatRoomId } from "../../../../shared/chat";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  send,
  type TestUser,
} from "../../../test/chat-test-helpers";

let t: TestApp;
let url: string;
let artist: TestUser;
let agent: TestUser;
let stranger: TestUser;
let roomId: string;
let socket: Socket;
const png = solidPng(8, 8, [200, 40, 90]);
// A WAV header is enough for the byte sniffing.
const wav = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([36, 8, 0, 0]),
  Buffer.from("WAVEfmt "),
  Buffer.alloc(2048),
]);

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  artist = await createUser(t.app, "File Artist");
  agent = await createUser(t.app, "File Agent", true);
  stranger = await createUser(t.app, "File Stranger");
  await t.app.inject({
    method: "PUT",
    url: `/api/chat/rooms/with/${agent.id}`,
    headers: { cookie: artist.cookie, origin: "http://localhost:3000" },
  });
  roomId = chatRoomId(artist.id, agent.id);
  socket = connectSocket(url, artist.cookie);
  await connected(socket);
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

describe("chat files", () => {
  it("stores an image message with the server's view of the file, readable by both people only", async () => {
    const upload = await tusUpload(t.app, artist.cookie, png, {
      purpose: "chat",
      roomId,
      filename: "cover.png",
      filetype: "image/png",
    });
    expect(upload.patch?.statusCode).toBe(200);
    const ack = await send(socket, { id: randomUUID(), roomId, text: "", fileId: upload.id });
    expect(ack).toMatchObject({
      ok: true,
      message: {
        text: "",
        status: "sent",
        fileUrl: `/api/files/${upload.id}`,
        fileType: "image",
        fileName: "cover.png",
        fileSize: png.length,
      },
    });
    for (const user of [artist, agent]) {
      const file = await t.app.inject({
        url: `/api/files/${upload.id}`,
        headers: { cookie: user.cookie },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/png");
    }
    const denied = await t.app.inject({
      url: `/api/files/${upload.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(denied.statusCode).toBe(404);
  });

  it("stores an audio message", async () => {
    const upload = await tusUpload(t.app, agent.cookie, wav, {
      purpose: "chat",
      roomId,
      filename: "voice-note.wav",
      filetype: "audio/wav",
    });
    const agentSocket = connectSocket(url, agent.cookie);
    await connected(agentSocket);
    const ack = await send(agentSocket, { id: randomUUID(), roomId, fileId: upload.id });
    agentSocket.disconnect();
    expect(ack).toMatchObject({
      ok: true,
      message: { fileType: "audio", fileName: "voice-note.wav", fileSize: wav.length },
    });
  });

  it("refuses uploads into a room the user is not in, of the wrong type, or too large", async () => {
    const intruder = await tusUpload(t.app, stranger.cookie, png, {
      purpose: "chat",
      roomId,
      filename: "x.png",
      filetype: "image/png",
    });
    expect(intruder.create.statusCode).toBe(403);
    const noRoom = await tusUpload(t.app, artist.cookie, png, {
      purpose: "chat",
      filename: "x.png",
    });
    expect(noRoom.create.statusCode).toBe(400);
    const text = await tusUpload(t.app, artist.cookie, Buffer.from("just some text, not media"), {
      purpose: "chat",
      roomId,
      filename: "notes.png",
      filetype: "image/png",
    });
    expect(text.patch?.statusCode ?? text.create.statusCode).toBe(415);
    const huge = await tusUpload(
      t.app,
      artist.cookie,
      png,
      { purpose: "chat", roomId, filename: "big.png", filetype: "image/png" },
      26 * 1024 * 1024,
    );
    expect(huge.create.statusCode).toBe(413);
  });

  it("refuses to attach someone else's file or a file of another room", async () => {
    const agentUpload = await tusUpload(t.app, agent.cookie, png, {
      purpose: "chat",
      roomId,
      filename: "agent.png",
      filetype: "image/png",
    });
    const ack = await send(socket, { id: randomUUID(), roomId, fileId: agentUpload.id });
    expect(ack).toEqual({ ok: false, error: "The attached file could not be found." });
    const missing = await send(socket, { id: randomUUID(), roomId, fileId: "nope" });
    expect(missing.ok).toBe(false);
  });

  it("deletes the room's files, rows and bytes, with the account", async () => {
    const files = await t.app.ctx.database.db
      .selectFrom("stored_file")
      .select("id")
      .where("scope", "=", roomId)
      .execute();
    expect(files.length).toBeGreaterThan(0);
    await deleteAccountOf(t.app, artist.cookie);
    const left = await t.app.ctx.database.db
      .selectFrom("stored_file")
      .select("id")
      .where("scope", "=", roomId)
      .execute();
    expect(left).toEqual([]);
    for (const { id } of files) {
      await expect(t.app.ctx.storage.open(id).then(readAll)).rejects.toThrow();
    }
  });
});
