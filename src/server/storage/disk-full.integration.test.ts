/**
 * A full disk under DATA_DIR (a 16 MiB tmpfs, filled up): readiness reports
 * the storage and the SQLite disk down, sign-in and sign-up answer 503 with a
 * clear message (not a 500 with an empty body), and everything works again
 * once space is freed. Needs permission to mount a tmpfs (root); skipped
 * with the reason otherwise, and on PostgreSQL (whose disk is its own).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "../db/database";
import { STORAGE_FULL_MESSAGE } from "../http/unavailable-errors";
import { ORIGIN, STRONG_PASSWORD, signIn, signUp, testDatabaseUrl } from "../test/test-app";
import type { FastifyInstance } from "fastify";

const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "portal-full-"));
let skipReason: string | null = null;
let app: FastifyInstance | undefined;
let database: DatabaseHandle | undefined;
const filler = path.join(mountPoint, "filler");

function fillDisk() {
  const chunk = Buffer.alloc(64 * 1024, 1);
  const fd = fs.openSync(filler, "a");
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOSPC") throw err;
  } finally {
    fs.closeSync(fd);
  }
}

beforeAll(async () => {
  if (testDatabaseUrl) {
    skipReason = "PostgreSQL keeps its data on its own disk";
    return;
  }
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=16m", "tmpfs", mountPoint], {
      stdio: "pipe",
    });
  } catch (err) {
    skipReason = `cannot mount a tmpfs here (${(err as Error).message.split("\n")[0]})`;
    return;
  }
  const config = loadConfig({ DATA_DIR: mountPoint, PUBLIC_URL: ORIGIN, LOG_LEVEL: "silent" });
  database = await openDatabase({ engine: "sqlite", file: path.join(mountPoint, "portal.sqlite") });
  await migrateToLatest(database);
  app = await buildApp({ config, database, logger: false, authRequestsPerMinutePerIp: 10_000 });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (!skipReason) execFileSync("umount", [mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

describe("a full disk", () => {
  it("is reported by readiness and answered 503 with a message; recovers when freed", async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    const { email } = await signUp(app!);
    expect((await app!.inject({ url: "/api/health/ready" })).statusCode).toBe(200);

    fillDisk();
    const ready = await app!.inject({ url: "/api/health/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      down: expect.arrayContaining(["database", "storage"]) as string[],
      storage: { status: "down", reason: expect.stringMatching(/disk full/) as string },
    });
    // Liveness is not about the disk.
    expect((await app!.inject({ url: "/api/health/live" })).statusCode).toBe(200);

    const failedSignIn = await signIn(app!, email);
    expect(failedSignIn.response.statusCode).toBe(503);
    expect(failedSignIn.response.headers["retry-after"]).toBeTruthy();
    expect(failedSignIn.response.json()).toMatchObject({
      message: STORAGE_FULL_MESSAGE,
      code: "STORAGE_FULL",
    });
    const failedSignUp = await signUp(app!);
    expect(failedSignUp.response.statusCode).toBe(503);
    expect(failedSignUp.response.json()).toMatchObject({ code: "STORAGE_FULL" });

    fs.rmSync(filler);
    expect((await app!.inject({ url: "/api/health/ready" })).statusCode).toBe(200);
    const signedIn = await signIn(app!, email, STRONG_PASSWORD);
    expect(signedIn.response.statusCode).toBe(200);
  }, 60_000);
});
