import pino from "pino";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../test/test-app";
import { createPgBossQueue } from "./pg-boss-queue";
import type { JobQueue } from "./job-queue";

/**
 * Instances that boot at the same moment on a fresh database all create
 * pg-boss's queue at once; PostgreSQL may pick one of them as a deadlock
 * victim, and that instance must still start.
 */
describe.skipIf(!testDatabaseUrl)("pg-boss queue on PostgreSQL", () => {
  const schemas: string[] = [];
  afterAll(async () => {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  it("starts on every one of several instances booting together on a fresh database", async () => {
    const log = pino({ level: "silent" });
    const idle = { run: () => Promise.resolve(), due: () => Promise.resolve([]) };
    for (let round = 0; round < 3; round += 1) {
      const schema = `boss_race_${Date.now()}_${round}`;
      schemas.push(schema);
      const queues: JobQueue[] = Array.from({ length: 4 }, () =>
        createPgBossQueue({ url: testDatabaseUrl!, schema, log, sweepMs: 60_000 }),
      );
      const started = await Promise.allSettled(queues.map((q) => q.start(idle)));
      await Promise.all(queues.map((q) => q.stop()));
      expect(started.map((s) => s.status)).toEqual(Array(4).fill("fulfilled"));
    }
  }, 60_000);
});
