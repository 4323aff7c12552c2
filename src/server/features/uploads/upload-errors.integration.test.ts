/**
 * tus answers never carry internal errors: a failing store (here the uploads
 * folder turned into a file, or a database refusing the insert) answers a
 * generic text, and the detail (the errno, the full path, the database's
 * message) goes to the log.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { solidPng } from "../../../cli/seed/solid-png";
import { uploadMessages } from "../../../shared/files";
import { AVATAR_UPLOAD_PURPOSE } from "../../../shared/profile-schemas";
import { ORIGIN, createTestApp, signUp, type TestApp } from "../../test/test-app";
import { tusUpload } from "../../test/tus-upload";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const png = solidPng(4, 4, [1, 2, 3]);
const meta = { purpose: AVATAR_UPLOAD_PURPOSE, filename: "me.png", filetype: "image/png" };

/** What the log received at error level, as text. */
function errorLog() {
  const spy = vi.spyOn(t.app.log, "error");
  return () =>
    JSON.stringify(spy.mock.calls, (_k, v: unknown) => (v instanceof Error ? v.message : v));
}

function expectGeneric(body: string) {
  expect(body).toBe(uploadMessages.failed);
  expect(body).not.toContain(t.dataDir);
  expect(body).not.toMatch(/\bE[A-Z]{3,}\b/);
  expect(body).not.toMatch(/errno|sqlite|postgres/i);
}

describe("tus answers to internal failures", () => {
  it("a store that cannot create the upload: generic text, the detail in the log", async () => {
    const uploads = path.join(t.dataDir, "uploads");
    fs.rmSync(uploads, { recursive: true });
    fs.writeFileSync(uploads, "");
    const logged = errorLog();
    try {
      const { create } = await tusUpload(t.app, cookie, png, meta);
      expect(create.statusCode).toBe(500);
      expectGeneric(create.body);
      expect(logged()).toContain(uploads);
    } finally {
      fs.rmSync(uploads);
      fs.mkdirSync(uploads, { mode: 0o700 });
    }
  });

  it("a database error while creating the upload: generic text, the detail in the log", async () => {
    const { db, dialect } = t.app.ctx.database;
    const detail = "internal detail: relation stored_file, byte sequence 0x00";
    // A trigger makes the insert fail with the engine's own error message.
    if (dialect === "sqlite") {
      await sql`create trigger fail_upload before insert on stored_file
        begin select raise(abort, ${sql.lit(detail)}); end`.execute(db);
    } else {
      await sql`create function fail_upload() returns trigger language plpgsql as $$
        begin raise exception ${sql.lit(detail)}; end $$`.execute(db);
      await sql`create trigger fail_upload before insert on stored_file
        for each row execute function fail_upload()`.execute(db);
    }
    const logged = errorLog();
    try {
      const { create } = await tusUpload(t.app, cookie, png, meta);
      expect(create.statusCode).toBe(500);
      expectGeneric(create.body);
      expect(create.body).not.toContain("internal detail");
      expect(logged()).toContain(detail);
    } finally {
      await sql`drop trigger fail_upload${dialect === "sqlite" ? sql`` : sql` on stored_file`}`.execute(
        db,
      );
    }
  });

  it("keeps tus's own protocol answers and the portal's refusals", async () => {
    const { create } = await tusUpload(t.app, cookie, png, { ...meta, purpose: "nope" });
    expect(create.statusCode).toBe(400);
    expect(create.body).toBe(uploadMessages.unknownPurpose);
    const ok = await tusUpload(t.app, cookie, png, meta);
    const conflict = await t.app.inject({
      method: "PATCH",
      url: String(ok.create.headers.location),
      headers: {
        cookie,
        origin: ORIGIN,
        "tus-resumable": "1.0.0",
        "upload-offset": "1",
        "content-type": "application/offset+octet-stream",
      },
      payload: png,
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.body).toMatch(/Upload-Offset conflict/);
  });

  it("refuses tus concatenation (Upload-Concat) with a clear 400, not a 500", async () => {
    for (const concat of ["partial", "final;/api/uploads/a /api/uploads/b"]) {
      const answer = await t.app.inject({
        method: "POST",
        url: "/api/uploads",
        headers: {
          cookie,
          origin: ORIGIN,
          "tus-resumable": "1.0.0",
          "upload-length": String(png.length),
          "upload-concat": concat,
          "upload-metadata": `purpose ${Buffer.from(AVATAR_UPLOAD_PURPOSE).toString("base64")}`,
        },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message: uploadMessages.concatUnsupported });
    }
  });
});
