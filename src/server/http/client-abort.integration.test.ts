import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, listen, type TestUser } from "../test/chat-test-helpers";
import { ORIGIN, createTestApp, type TestApp } from "../test/test-app";

/**
 * Issue 23, finding 13: a client that goes away mid-body was logged as an
 * engine outage at level 50. It is a client abort, logged at debug.
 */
let t: TestApp;
let port: number;
let user: TestUser;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { logger: true, logStream: { write: (line: string) => void lines.push(line) } },
    undefined,
    undefined,
    { LOG_LEVEL: "debug" },
  );
  user = await createUser(t.app, "Leaves Early");
  port = Number(new URL(await listen(t.app)).port);
});
afterAll(() => t.close());

/** Sends the head and part of the body, then drops the connection. */
async function abortMidBody(head: string) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(head);
  await new Promise((resolve) => setTimeout(resolve, 200));
  socket.destroy();
}

async function logAfterAbort(head: string) {
  const from = lines.length;
  await abortMidBody(head);
  for (let i = 0; i < 50 && !lines.slice(from).some((l) => l.includes("aborted")); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  return lines.slice(from).map((l) => JSON.parse(l) as { level: number; msg: string });
}

describe("aborted request bodies", () => {
  it("a JSON body cut short is a client abort at debug, not an outage", async () => {
    const entries = await logAfterAbort(
      "POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\n" +
        `Origin: ${ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`,
    );
    expect(entries.filter((e) => e.level >= 40)).toEqual([]);
    expect(entries.some((e) => e.level === 20 && /aborted/.test(e.msg))).toBe(true);
  });

  it("an upload chunk cut short is no outage either (tus resumes from the stored offset)", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: {
        cookie: user.cookie,
        origin: ORIGIN,
        "tus-resumable": "1.0.0",
        "upload-length": "5000",
        "upload-metadata": `purpose ${Buffer.from("avatar").toString("base64")},filename ${Buffer.from("a.png").toString("base64")},filetype ${Buffer.from("image/png").toString("base64")}`,
      },
    });
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    const path = location.startsWith("http") ? new URL(location).pathname : location;
    const entries = await logAfterAbort(
      `PATCH ${path} HTTP/1.1\r\nHost: x\r\nOrigin: ${ORIGIN}\r\nCookie: ${user.cookie}\r\n` +
        "Tus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\n" +
        `Content-Length: 5000\r\n\r\n${"x".repeat(1000)}`,
    );
    expect(entries.filter((e) => e.level >= 40)).toEqual([]);
  });
});
