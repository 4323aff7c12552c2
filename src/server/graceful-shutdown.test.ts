/**
 * SIGTERM on a real server process: it stops accepting connections, lets an
 * upload chunk that is mid-flight finish, disconnects its sockets so clients
 * reconnect elsewhere, and exits cleanly.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { io } from "socket.io-client";
import { afterAll, expect, it } from "vitest";
import { solidPng } from "../cli/seed/solid-png";
import getPort from "get-port";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-shutdown-"));
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("finishes the upload chunk in flight, closes sockets and exits 0", async () => {
  const port = await getPort();
  const base = `http://127.0.0.1:${port}`;
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  try {
    await expect
      .poll(
        () =>
          fetch(`${base}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);

    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Shutdown",
        email: "shutdown@example.test",
        password: "Str0ng-pass!",
        consent: true,
      }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const socket = io(base, {
      transports: ["websocket"],
      extraHeaders: { origin, cookie },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    const socketClosed = new Promise<string>((resolve) => socket.once("disconnect", resolve));

    // A picture upload whose chunk is half sent when SIGTERM arrives.
    const png = solidPng(200, 200, [5, 90, 180]);
    const meta = (k: string, v: string) => `${k} ${Buffer.from(v).toString("base64")}`;
    const created = await fetch(`${base}/api/uploads`, {
      method: "POST",
      headers: {
        origin,
        cookie,
        "tus-resumable": "1.0.0",
        "upload-length": String(png.length),
        "upload-metadata": `${meta("purpose", "avatar")},${meta("filename", "me.png")}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const half = Math.floor(png.length / 2);
    const patch = http.request(`${base}${location}`, {
      method: "PATCH",
      headers: {
        origin,
        cookie,
        "tus-resumable": "1.0.0",
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
        "content-length": String(png.length),
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      patch.on("response", (res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      patch.on("error", reject);
    });
    patch.write(png.subarray(0, half));
    await new Promise((r) => setTimeout(r, 300));

    child.kill("SIGTERM");
    // The instance closes its sockets so their clients go elsewhere...
    expect(await socketClosed).toBe("io server disconnect");
    // ...and stops accepting new connections while the chunk is still open.
    await expect
      .poll(() =>
        fetch(`${base}/api/health`).then(
          () => "accepted",
          () => "refused",
        ),
      )
      .toBe("refused");

    patch.end(png.subarray(half));
    const result = await answered;
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ kind: "image", size: png.length });
    expect(await exited).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
}, 120_000);
