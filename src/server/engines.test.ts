import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, it, expect } from "vitest";
import { loadConfig } from "./config";
import { openEngines, type Engines } from "./engines";
import { enginesUnavailable, skipUnlessAvailable } from "./test/engines-available";

const PG_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-engines-"));
let engines: Engines | undefined;
afterAll(async () => {
  await engines?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("sends the Redis commands of one event-loop turn in one write", async (ctx) => {
  skipUnlessAvailable(ctx, await enginesUnavailable(PG_URL, REDIS_URL));
  engines = await openEngines(
    loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3000", REDIS_URL }),
  );
  const redis = engines.redis!;
  await redis.ping();
  // A send's limit checks and publishes: queued together, written at the turn's end.
  const key = `portal-test:pipelined:${randomUUID()}`;
  const replies = [redis.incr(key), redis.incr(key), redis.incr(key)];
  expect(redis.autoPipelineQueueSize).toBe(3);
  expect(await Promise.all(replies)).toEqual([1, 2, 3]);
  await redis.del(key);
});
