/**
 * Two portal instances on one fresh PostgreSQL database, each reaching Redis
 * through its own TCP proxy that a test can cut, hold or restore (the
 * machine's Redis is never touched): for the tests of what crosses instances
 * when Redis fails. Registers its own beforeAll/afterAll; where PostgreSQL or
 * Redis is not reachable, `skipReason` says why and nothing starts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { enginesUnavailable } from "./engines-available";
import {
  createScratchDatabase,
  dropScratchDatabase,
  DROP_DATABASE_TIMEOUT_MS,
} from "./scratch-database";
import { startServer, type ServerProcess } from "./server-process";
import { TcpProxy } from "./tcp-proxy";

export const PG_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export interface ProxiedInstances {
  skipReason: string | null;
  a: ServerProcess;
  b: ServerProcess;
  proxies: { a: TcpProxy; b: TcpProxy };
  /** The instances' database, for what an operator would do by hand. */
  databaseUrl: string;
}

/** `name` names the database and data folder; `publicUrl` both instances' PUBLIC_URL. */
export function proxiedInstances(name: string, publicUrl: string): ProxiedInstances {
  const redisTarget = new URL(REDIS_URL);
  const proxy = () => new TcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379));
  const pair = {
    skipReason: null,
    proxies: { a: proxy(), b: proxy() },
    databaseUrl: "",
  } as unknown as ProxiedInstances;
  let database = "";
  let dataDir = "";

  beforeAll(async () => {
    pair.skipReason = await enginesUnavailable(PG_URL, REDIS_URL);
    if (pair.skipReason) return;
    await pair.proxies.a.start();
    await pair.proxies.b.start();
    ({ name: database, url: pair.databaseUrl } = await createScratchDatabase(
      PG_URL,
      `portal_${name}`,
    ));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`));
    const env = {
      DATABASE_URL: pair.databaseUrl,
      PUBLIC_URL: publicUrl,
      BETTER_AUTH_SECRET: `${name}-test-secret-0123456789abcdef`,
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      DATA_DIR: dataDir,
      // Its own keys and live channels: another test's instances on the same
      // Redis (their outages, their resyncs) never reach this pair.
      REDIS_PREFIX: database.replaceAll("_", "-"),
    };
    // Ready, not only live: each instance has reached Redis through its proxy.
    const start = (side: "a" | "b") =>
      startServer(
        { ...env, REDIS_URL: `redis://127.0.0.1:${pair.proxies[side].port}` },
        undefined,
        60_000,
        "ready",
      );
    [pair.a, pair.b] = await Promise.all([start("a"), start("b")]);
  }, 120_000);

  afterAll(async () => {
    // Unset when skipped, or when start-up failed.
    const started = [pair.a, pair.b] as (ServerProcess | undefined)[];
    for (const instance of started) instance?.child.kill("SIGKILL");
    await pair.proxies.a.close();
    await pair.proxies.b.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (database) await dropScratchDatabase(PG_URL, database);
  }, DROP_DATABASE_TIMEOUT_MS);

  return pair;
}

/** Makes these users agents in the instances' database, as an operator would. */
export async function promoteToAgents(databaseUrl: string, ids: string[]): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`update "user" set admin = true where id = any($1)`, [ids]);
  await db.end();
}
