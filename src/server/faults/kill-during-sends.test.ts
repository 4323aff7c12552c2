/**
 * Faults suite on SQLite: a one-process server killed with SIGKILL in the
 * middle of a burst of chat sends, FAULT_KILLS times (20), loses and doubles
 * no acknowledged message (kill-during-sends-scenario.ts). PostgreSQL's
 * twin is kill-during-sends-postgres.integration.test.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, it } from "vitest";
import type { ServerProcess } from "../test/server-process";
import { expectNothingLostOrDoubled, killDuringSends } from "./kill-during-sends-scenario";

const KILLS = Number(process.env.FAULT_KILLS ?? 20);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-kill-"));
let server: ServerProcess | undefined;
afterAll(() => {
  server?.child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it(`loses and doubles no acknowledged message across ${KILLS} SIGKILLs`, async () => {
  const file = path.join(dataDir, "portal.sqlite");
  const outcome = await killDuringSends({
    kills: KILLS,
    env: { DATA_DIR: dataDir },
    onServer: (s) => (server = s),
    makeAgent: (userId) => {
      const sqlite = new SQLite(file);
      sqlite.prepare(`update "user" set admin = 1 where id = ?`).run(userId);
      sqlite.close();
      return Promise.resolve();
    },
    storedRows: (roomId) => {
      const db = new SQLite(file, { readonly: true });
      const rows = db
        .prepare(`select id, seq from message where roomId = ? order by seq`)
        .all(roomId) as { id: string; seq: number }[];
      db.close();
      return Promise.resolve(rows);
    },
  });
  expectNothingLostOrDoubled(outcome, KILLS);
}, 600_000);
