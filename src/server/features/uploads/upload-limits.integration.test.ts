import { afterEach, describe, expect, it } from "vitest";
import { solidPng } from "../../../cli/seed/solid-png";
import { uploadMessages } from "../../../shared/files";
import { AVATAR_UPLOAD_PURPOSE } from "../../../shared/profile-schemas";
import { createTestApp, signUp, type TestApp } from "../../test/test-app";
import { tusUpload } from "../../test/tus-upload";
import { findUserIdByEmail } from "../users/user-accounts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const png = solidPng(4, 4, [10, 120, 200]);
const meta = { purpose: AVATAR_UPLOAD_PURPOSE, filename: "me.png", filetype: "image/png" };

async function setUp(env: Record<string, string>) {
  t = await createTestApp({}, undefined, undefined, env);
  const { cookie, email } = await signUp(t.app);
  const userId = (await findUserIdByEmail(t.app.ctx.database, email))!;
  return { app: t.app, cookie, userId };
}

/** Starts an upload declaring `size` bytes and sends only a few: it stays unfinished. */
function startUpload(app: TestApp["app"], cookie: string, size = 4096) {
  return tusUpload(app, cookie, png, meta, size);
}

async function rowsOf(app: TestApp["app"], userId: string) {
  return app.ctx.database.db
    .selectFrom("stored_file")
    .select(["id", "status"])
    .where("ownerId", "=", userId)
    .execute();
}

describe("per-user upload limits", () => {
  it("refuses upload creations beyond UPLOADS_PER_MINUTE with 429 and a message", async () => {
    const { app, cookie, userId } = await setUp({ UPLOADS_PER_MINUTE: "2" });
    expect((await tusUpload(app, cookie, png, meta)).create.statusCode).toBe(201);
    expect((await tusUpload(app, cookie, png, meta)).create.statusCode).toBe(201);
    const third = await tusUpload(app, cookie, png, meta);
    expect(third.create.statusCode).toBe(429);
    expect(third.create.body).toBe(uploadMessages.tooManyUploads);
    expect(await rowsOf(app, userId)).toHaveLength(2);
  });

  it("refuses a new upload while UPLOADS_IN_PROGRESS are unfinished", async () => {
    const { app, cookie, userId } = await setUp({ UPLOADS_IN_PROGRESS: "2" });
    expect((await startUpload(app, cookie)).create.statusCode).toBe(201);
    expect((await startUpload(app, cookie)).create.statusCode).toBe(201);
    const third = await startUpload(app, cookie);
    expect(third.create.statusCode).toBe(429);
    expect(third.create.body).toBe(uploadMessages.tooManyInProgress);
    // Finished files do not count as in progress.
    const rows = await rowsOf(app, userId);
    expect(rows.map((r) => r.status)).toEqual(["uploading", "uploading"]);
  });

  it("refuses with 413 what would exceed the storage quota, counting declared lengths", async () => {
    const { app, cookie, userId } = await setUp({ STORAGE_QUOTA_MB: "1" });
    const done = await tusUpload(app, cookie, png, meta);
    expect(done.patch?.statusCode).toBe(200);
    // An unfinished upload holds its declared length.
    expect((await startUpload(app, cookie, 600_000)).create.statusCode).toBe(201);
    const over = await startUpload(app, cookie, 1024 * 1024 - 600_000 - png.length + 1);
    expect(over.create.statusCode).toBe(413);
    expect(over.create.body).toBe(uploadMessages.quotaFull(1024 * 1024));
    expect(over.create.body).toContain("1 MB");
    const fits = await startUpload(app, cookie, 1024 * 1024 - 600_000 - png.length);
    expect(fits.create.statusCode).toBe(201);
    expect(await rowsOf(app, userId)).toHaveLength(3);
  });
});
