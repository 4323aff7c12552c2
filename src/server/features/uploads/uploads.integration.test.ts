import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../../../cli/seed/solid-png";
import { HttpError } from "../../http/errors";
import { ORIGIN, createTestApp, signUp, type TestApp } from "../../test/test-app";
import { tusUpload } from "../../test/tus-upload";
import { createStoredFile } from "./stored-files";

let t: TestApp;
let owner: string;
let stranger: string;
const png = solidPng(4, 4, [200, 30, 30]);
// A WAV header: RIFF....WAVEfmt — enough for the type check.
const wav = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from("WAVEfmt "),
  Buffer.from([16, 0, 0, 0, 1, 0, 1, 0, 0x44, 0xac, 0, 0, 0x88, 0x58, 1, 0, 2, 0, 16, 0]),
  Buffer.from("data"),
  Buffer.alloc(4),
]);

beforeAll(async () => {
  t = await createTestApp({
    extraUploadPurposes: [
      {
        name: "test-image",
        maxBytes: 1000,
        kinds: ["image"],
        authorize: (_user, metadata) => {
          if (metadata.allow !== "yes") throw new HttpError(403, "Not your room.");
          return Promise.resolve({ scope: "scope-1" });
        },
        canRead: (user, file) => Promise.resolve(user.id === file.ownerId),
      },
      {
        name: "test-audio",
        maxBytes: 1000,
        kinds: ["audio"],
        authorize: () => Promise.resolve({ scope: null }),
        canRead: () => Promise.resolve(true),
      },
    ],
  });
  owner = (await signUp(t.app)).cookie;
  stranger = (await signUp(t.app)).cookie;
});
afterAll(() => t.close());

const meta = (extra: Record<string, string> = {}) => ({
  purpose: "test-image",
  filename: "cover art.png",
  filetype: "image/png",
  allow: "yes",
  ...extra,
});

describe("uploads", () => {
  it("stores an image, answers with its details and serves it to the allowed reader", async () => {
    const { create, patch, id } = await tusUpload(t.app, owner, png, meta());
    expect(create.statusCode).toBe(201);
    expect(patch?.statusCode).toBe(200);
    expect(patch?.json()).toEqual({
      id,
      url: `/api/files/${id}`,
      kind: "image",
      mimeType: "image/png",
      size: png.length,
      name: "cover art.png",
    });

    const file = await t.app.inject({ url: `/api/files/${id}`, headers: { cookie: owner } });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.rawPayload.equals(png)).toBe(true);
    // Issue 23, finding 7: a private file never stays usable from the cache
    // after sign-out: revalidated on each use, by a signed-in reader only.
    expect(file.headers["cache-control"]).toBe("private, no-cache");
    const etag = String(file.headers.etag);
    expect(etag).toBe(`"${id}"`);
    const again = await t.app.inject({
      url: `/api/files/${id}`,
      headers: { cookie: owner, "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const signedOut = await t.app.inject({
      url: `/api/files/${id}`,
      headers: { "if-none-match": etag },
    });
    expect(signedOut.statusCode).toBe(401);

    const download = await t.app.inject({
      url: `/api/files/${id}?download=1`,
      headers: { cookie: owner },
    });
    expect(download.headers["content-disposition"]).toBe(
      "attachment; filename*=UTF-8''cover%20art.png",
    );
  });

  it("hides a file from people its purpose does not allow, and from anonymous callers", async () => {
    const { id } = await tusUpload(t.app, owner, png, meta());
    expect(
      (await t.app.inject({ url: `/api/files/${id}`, headers: { cookie: stranger } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/files/${id}` })).statusCode).toBe(401);
  });

  it("refuses uploads when not signed in", async () => {
    const { create } = await tusUpload(t.app, "", png, meta());
    expect(create.statusCode).toBe(401);
  });

  it("refuses when the purpose's authorize says no, with its message", async () => {
    const { create } = await tusUpload(t.app, owner, png, meta({ allow: "no" }));
    expect(create.statusCode).toBe(403);
    expect(create.body).toBe("Not your room.");
  });

  it("refuses an unknown purpose and an oversize file before any byte is sent", async () => {
    expect((await tusUpload(t.app, owner, png, meta({ purpose: "x" }))).create.statusCode).toBe(
      400,
    );
    const big = await tusUpload(t.app, owner, Buffer.alloc(10), meta(), 5000);
    expect(big.create.statusCode).toBe(413);
    expect(big.create.body).toMatch(/too large/);
  });

  it("judges the type from the bytes: text claimed as PNG is rejected and deleted", async () => {
    const fake = Buffer.from("<script>alert(1)</script>".padEnd(200, " "));
    const { patch, id } = await tusUpload(t.app, owner, fake, meta());
    expect(patch?.statusCode).toBe(415);
    expect(patch?.body).toMatch(/not allowed/);
    const row = await t.app.ctx.database.db
      .selectFrom("stored_file")
      .selectAll()
      .where("id", "=", id!)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(
      (await t.app.inject({ url: `/api/files/${id}`, headers: { cookie: owner } })).statusCode,
    ).toBe(404);
  });

  it("refuses a real image sent under an audio-only purpose", async () => {
    const { patch } = await tusUpload(t.app, owner, png, {
      purpose: "test-audio",
      filename: "a.wav",
    });
    expect(patch?.statusCode).toBe(415);
  });

  it("accepts audio recognised from its bytes", async () => {
    const { patch } = await tusUpload(t.app, owner, wav, {
      purpose: "test-audio",
      filename: "a.wav",
      filetype: "audio/wav",
    });
    expect(patch?.statusCode).toBe(200);
    expect(patch?.json().kind).toBe("audio");
  });

  it("lets only the uploader continue an upload", async () => {
    const { create } = await tusUpload(t.app, owner, png, meta(), png.length + 10);
    const location = create.headers.location as string;
    const head = await t.app.inject({
      method: "HEAD",
      url: location,
      headers: { cookie: stranger, "tus-resumable": "1.0.0" },
    });
    expect(head.statusCode).toBe(404);
    const mine = await t.app.inject({
      method: "HEAD",
      url: location,
      headers: { cookie: owner, "tus-resumable": "1.0.0" },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["upload-offset"]).toBe(String(png.length));
  });

  it("tells the uploader a finished upload's details, for a resume that finds it complete", async () => {
    const { patch, id } = await tusUpload(t.app, owner, png, meta());
    const details = await t.app.inject({
      url: `/api/uploads/${id}/file`,
      headers: { cookie: owner },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual(patch?.json());
    const theirs = await t.app.inject({
      url: `/api/uploads/${id}/file`,
      headers: { cookie: stranger },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe("Upload not found.");
    expect((await t.app.inject({ url: `/api/uploads/${id}/file` })).statusCode).toBe(401);

    const { create } = await tusUpload(t.app, owner, png, meta(), png.length + 10);
    const unfinished = await t.app.inject({
      url: `${create.headers.location as string}/file`,
      headers: { cookie: owner },
    });
    expect(unfinished.statusCode).toBe(404);
  });

  it("refuses a tus DELETE of a finished upload and keeps the file", async () => {
    const { patch, id } = await tusUpload(t.app, owner, png, meta());
    expect(patch?.statusCode).toBe(200);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/uploads/${id}`,
      headers: { cookie: owner, origin: ORIGIN, "tus-resumable": "1.0.0" },
    });
    expect(del.statusCode).toBeGreaterThanOrEqual(400);
    const file = await t.app.inject({ url: `/api/files/${id}`, headers: { cookie: owner } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
  });
});

describe("server-made files", () => {
  it("are typed from their bytes and served like uploads", async () => {
    const user = await t.app.inject({ url: "/api/me", headers: { cookie: owner } });
    const row = await createStoredFile(t.app.ctx.database.db, t.app.ctx.storage, {
      purpose: "test-image",
      ownerId: user.json().id,
      scope: null,
      name: "seed.png",
      bytes: png,
    });
    expect(row.mimeType).toBe("image/png");
    const file = await t.app.inject({ url: `/api/files/${row.id}`, headers: { cookie: owner } });
    expect(file.statusCode).toBe(200);
    await expect(
      createStoredFile(t.app.ctx.database.db, t.app.ctx.storage, {
        purpose: "test-image",
        ownerId: user.json().id,
        scope: null,
        name: "x.txt",
        bytes: Buffer.from("hello"),
      }),
    ).rejects.toThrow(/neither/);
  });
});
