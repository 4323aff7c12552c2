import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK_RELEASE_QUEUE_EVENT, RELEASE_CHANGED_EVENT } from "../../../../shared/release-events";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  nextEvent,
  type TestUser,
} from "../../../test/chat-test-helpers";
import {
  dropPostgresSchema,
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
} from "../../../db/database";
import { enginesUnavailable, skipUnlessAvailable } from "../../../test/engines-available";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { caller, releaseInState } from "./review-test-helpers";

/**
 * Two instances behind one load balancer (one PostgreSQL schema, one
 * Redis): an agent approving on A is heard live by the artist's tab and
 * another agent's desk on B. Skipped, with the reason, without both engines.
 */
const PG_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const SECRET = "a-test-secret-shared-by-both-instances-0123456789";
const schema = `t_${randomUUID().replaceAll("-", "")}`;
let missing: string | null;
const apps: TestApp[] = [];
const handles: DatabaseHandle[] = [];
const redises: Redis[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  missing = await enginesUnavailable(PG_URL, REDIS_URL);
  if (missing) return;
  for (let i = 0; i < 2; i++) {
    const handle = await openDatabase({ engine: "postgres", url: PG_URL, schema });
    if (i === 0) await migrateToLatest(handle);
    handles.push(handle);
    // This test's own REDIS_PREFIX: other two-instance tests' adapters stay apart.
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2, keyPrefix: `${schema}:` });
    redises.push(redis);
    apps.push(
      await createTestApp({ database: handle, redis }, undefined, undefined, {
        BETTER_AUTH_SECRET: SECRET,
      }),
    );
  }
}, 60_000);
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  for (const app of apps) await app.close();
  for (const handle of handles) await handle.close().catch(() => undefined);
  redises.forEach((redis) => redis.disconnect());
  if (!missing) await dropPostgresSchema(PG_URL, schema);
});

async function open(url: string, who: TestUser): Promise<Socket> {
  const socket = connectSocket(url, who.cookie);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

describe("release review across two instances", () => {
  it("reaches the artist and every agent on the other instance", async (ctx) => {
    skipUnlessAvailable(ctx, missing);
    const [a, b] = apps.map((t) => t.app) as [TestApp["app"], TestApp["app"]];
    const artist = await createUser(a, "Asha Rao");
    const agent = await createUser(a, "Agent One", true);
    const watcher = await createUser(a, "Agent Two", true);
    const urlB = await listen(b);
    const [artistTab, watcherDesk] = await Promise.all([open(urlB, artist), open(urlB, watcher)]);
    const id = await releaseInState(a, artist.id, "in_review");
    const changed = nextEvent<{ releaseId: string }>(artistTab, RELEASE_CHANGED_EVENT);
    const queue = nextEvent<{ releaseId: string; state: string }>(
      watcherDesk,
      DESK_RELEASE_QUEUE_EVENT,
    );
    const approved = await caller(a)("POST", `/api/desk/releases/${id}/approve`, agent.cookie, {
      version: 1,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await changed).toEqual({ releaseId: id });
    expect(await queue).toEqual({ releaseId: id, state: "approved" });
  });
});
