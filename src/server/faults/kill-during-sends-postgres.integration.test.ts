/**
 * Faults suite on PostgreSQL: the kill-during-sends scenario with the
 * server on a fresh database, so the batch that dies is a PostgreSQL
 * transaction in one of the writer's lanes (decision 084). Runs in the
 * PostgreSQL pass (TEST_DATABASE_URL); FAULT_KILLS_POSTGRES kills (5: each restart costs seconds).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, it } from "vitest";
import { testDatabaseUrl } from "../test/test-app";
import type { ServerProcess } from "../test/server-process";
import {
  createScratchDatabase,
  dropScratchDatabase,
  DROP_DATABASE_TIMEOUT_MS,
} from "../test/scratch-database";
import { expectNothingLostOrDoubled, killDuringSends } from "./kill-during-sends-scenario";

const KILLS = Number(process.env.FAULT_KILLS_POSTGRES ?? 5);

describe.skipIf(!testDatabaseUrl)("kill -9 during sends on PostgreSQL", () => {
  const base = testDatabaseUrl ?? "";
  let scratch: { name: string; url: string } | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-kill-pg-"));
  let server: ServerProcess | undefined;
  const admin = async <T>(connection: string, run: (c: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: connection });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    server?.child.kill("SIGKILL");
    await server?.exited;
    if (scratch) await dropScratchDatabase(base, scratch.name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, DROP_DATABASE_TIMEOUT_MS);

  it(`loses and doubles no acknowledged message across ${KILLS} SIGKILLs`, async () => {
    scratch = await createScratchDatabase(base, "kill_sends");
    const { url } = scratch;
    const outcome = await killDuringSends({
      kills: KILLS,
      env: { DATA_DIR: dataDir, DATABASE_URL: url },
      onServer: (s) => (server = s),
      makeAgent: (userId) =>
        admin(url, async (c) => {
          await c.query(`update "user" set admin = true where id = $1`, [userId]);
        }),
      storedRows: (roomId) =>
        admin(url, async (c) => {
          const { rows } = await c.query<{ id: string; seq: number }>(
            `select id, seq from message where "roomId" = $1 order by seq`,
            [roomId],
          );
          return rows;
        }),
    });
    expectNothingLostOrDoubled(outcome, KILLS);
  }, 600_000);
});
