/**
 * DATA_DIR is private: the SQLite file and its WAL/SHM, the session secret
 * and uploaded files are 0600 in 0700 folders, and a failed upload creation
 * leaves no `uploading` row behind.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../../cli/seed/solid-png";
import { createTestApp, signUp, testDatabaseUrl, type TestApp } from "../test/test-app";
import { tusUpload } from "../test/tus-upload";

let t: TestApp;
let cookie: string;
const mode = (file: string) => fs.statSync(file).mode & 0o777;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
});
afterAll(() => t.close());

describe("local files", () => {
  it("keeps the database, the secret and uploads private", async () => {
    const png = solidPng(8, 8, [10, 20, 30]);
    const { patch, id } = await tusUpload(t.app, cookie, png, {
      purpose: "avatar",
      filename: "me.png",
    });
    expect(patch?.statusCode).toBe(200);
    const uploads = path.join(t.dataDir, "uploads");
    expect(mode(uploads)).toBe(0o700);
    expect(mode(path.join(uploads, id!))).toBe(0o600);
    expect(mode(path.join(uploads, `${id!}.json`))).toBe(0o600);
    expect(mode(path.join(t.dataDir, "auth-secret"))).toBe(0o600);
    if (!testDatabaseUrl) {
      for (const suffix of ["", "-wal", "-shm"]) {
        expect(mode(path.join(t.dataDir, `portal.sqlite${suffix}`))).toBe(0o600);
      }
    }
  });

  it("leaves no uploading row when the store cannot create the file", async () => {
    const uploads = path.join(t.dataDir, "uploads");
    const rowsBefore = await t.app.ctx.database.db
      .selectFrom("stored_file")
      .select("id")
      .where("status", "=", "uploading")
      .execute();
    // The uploads folder turns into a file: the store's create fails.
    fs.rmSync(uploads, { recursive: true });
    fs.writeFileSync(uploads, "");
    try {
      const { create } = await tusUpload(t.app, cookie, solidPng(4, 4, [1, 2, 3]), {
        purpose: "avatar",
        filename: "me.png",
      });
      expect(create.statusCode).toBeGreaterThanOrEqual(500);
      const rowsAfter = await t.app.ctx.database.db
        .selectFrom("stored_file")
        .select("id")
        .where("status", "=", "uploading")
        .execute();
      expect(rowsAfter).toEqual(rowsBefore);
    } finally {
      fs.rmSync(uploads);
      fs.mkdirSync(uploads, { mode: 0o700 });
    }
  });
});
