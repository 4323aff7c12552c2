import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { databaseOptionsOf, loadConfig } from "../config";
import { openDatabase } from "./database";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-sync-"));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** PRAGMA synchronous answers 1 for NORMAL, 2 for FULL. */
async function synchronousOf(env: Record<string, string>, name: string): Promise<number> {
  const config = loadConfig({ DATA_DIR: path.join(dir, name), ...env });
  const handle = await openDatabase(databaseOptionsOf(config));
  try {
    const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(handle.db);
    return rows[0]!.synchronous;
  } finally {
    await handle.close();
  }
}

describe("SQLite durability", () => {
  it("syncs every commit (FULL) unless told otherwise", async () => {
    expect(await synchronousOf({}, "default")).toBe(2);
    expect(await synchronousOf({ SQLITE_SYNCHRONOUS: "NORMAL" }, "normal")).toBe(1);
  });

  it("refuses an unknown setting, naming the variable", () => {
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: "OFF" })).toThrow(/SQLITE_SYNCHRONOUS/);
  });
});
