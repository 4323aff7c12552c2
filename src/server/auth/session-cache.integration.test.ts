import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { KyselyPlugin } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import {
  dropPostgresSchema,
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
} from "../db/database";
import { signUp, testDatabaseUrl } from "../test/test-app";
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./auth";
import { SESSION_CACHE_TTL_MS } from "./session-reader";

/**
 * The session check on API reads: a cached session costs no database query
 * and no better-auth call; a session revoked behind the portal's back (its
 * row deleted, no event) stops working once SESSION_CACHE_TTL_MS has passed.
 * The app runs on a database handle that counts every query it executes.
 */
let app: FastifyInstance;
let handle: DatabaseHandle;
let dataDir: string;
let schema: string | undefined;
let queries = 0;
/**
 * A query naming the session or user table: what a session check would read.
 * The app's own timers query meanwhile (the outbox sending the sign-up's
 * mail, the job poll); on a slow machine one landed inside a request.
 */
const sessionTables = /"name":"(session|user)"/;
const counting: KyselyPlugin = {
  transformQuery: (args) => {
    if (sessionTables.test(JSON.stringify(args.node))) queries += 1;
    return args.node;
  },
  transformResult: (args) => Promise.resolve(args.result),
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-"));
  schema = testDatabaseUrl ? `t_${randomUUID().replaceAll("-", "")}` : undefined;
  handle = testDatabaseUrl
    ? await openDatabase({ engine: "postgres", url: testDatabaseUrl, schema: schema! })
    : await openDatabase({ engine: "sqlite", file: path.join(dataDir, "portal.sqlite") });
  await migrateToLatest(handle);
  app = await buildApp({
    config: loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "silent",
    }),
    database: { ...handle, db: handle.db.withPlugin(counting) },
    logger: false,
    authRequestsPerMinutePerIp: 10_000,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await handle.close();
  if (schema) await dropPostgresSchema(testDatabaseUrl!, schema);
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const me = (cookie: string) => app.inject({ url: "/api/me", headers: { cookie } });

describe("session cache", () => {
  it("answers a cached session without a database query or a better-auth call", async () => {
    const { cookie } = await signUp(app);
    const getSession = vi.spyOn(app.ctx.auth.api, "getSession");

    queries = 0;
    expect((await me(cookie)).statusCode).toBe(200);
    // The miss: one query (session and user together), no better-auth context.
    expect(queries).toBe(1);
    expect(getSession).not.toHaveBeenCalled();

    queries = 0;
    for (let i = 0; i < 50; i++) expect((await me(cookie)).statusCode).toBe(200);
    expect(queries).toBe(0);
    expect(getSession).not.toHaveBeenCalled();
  });

  it("reads the misses of one turn in one query, each request answered with its own user", async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => signUp(app)));
    queries = 0;
    const answers = await Promise.all(users.map((user) => me(user.cookie)));
    expect(answers.map((a) => a.json<{ email: string }>().email)).toEqual(
      users.map((user) => user.email),
    );
    expect(queries).toBe(1);
  });

  it("refuses a tampered cookie without reading the database", async () => {
    const { cookie } = await signUp(app);
    const [name, value] = cookie.split("=") as [string, string];
    // Change the first character to a different one: a fixed "x" left the
    // cookie intact whenever the random token already began with "x".
    const first = value[0] === "x" ? "y" : "x";
    const tampered = `${name}=${first}${value.slice(1)}`;
    queries = 0;
    expect((await me(tampered)).statusCode).toBe(401);
    expect(queries).toBe(0);
  });

  it("stops a session revoked without an event once the cache bound has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { cookie } = await signUp(app);
    const other = await signUp(app);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other.cookie)).statusCode).toBe(200);

    // Revoked where no event reaches this instance: the row goes by hand.
    const userId = (await me(cookie)).json<{ id: string }>().id;
    await handle.db.deleteFrom("session").where("userId", "=", userId).execute();

    vi.setSystemTime(Date.now() + SESSION_CACHE_TTL_MS + 1);
    // lru-cache reuses its last clock reading for 1 ms (a real timer).
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await me(cookie)).statusCode).toBe(401);
    // A live session is simply read again.
    expect((await me(other.cookie)).statusCode).toBe(200);
  });

  it("stops a session at once when its end is announced", async () => {
    const { cookie } = await signUp(app);
    const session = await app.ctx.sessions.read({ cookie });
    expect(session).not.toBeNull();
    await handle.db.deleteFrom("session").where("id", "=", session!.sessionId).execute();
    await app.ctx.events.emit("session.ended", {
      userId: session!.user.id,
      sessionId: session!.sessionId,
    });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("lets better-auth extend a session once it is a day old, as before", async () => {
    const { cookie } = await signUp(app);
    const userId = (await me(cookie)).json<{ id: string }>().id;
    // Signed in just over a day ago: due for better-auth's extension.
    const due = new Date(
      Date.now() + (SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS - 60) * 1000,
    );
    await handle.db
      .updateTable("session")
      .set({ expiresAt: testDatabaseUrl ? due : due.toISOString() })
      .where("userId", "=", userId)
      .execute();
    const getSession = vi.spyOn(app.ctx.auth.api, "getSession");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + SESSION_CACHE_TTL_MS + 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await me(cookie)).statusCode).toBe(200);
    expect(getSession).toHaveBeenCalledTimes(1);
    const row = await handle.db
      .selectFrom("session")
      .select("expiresAt")
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expiresAt).getTime()).toBeGreaterThan(due.getTime() + 3_600_000);
  });
});
