import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../../../cli/seed/solid-png";
import { WIDTH_MESSAGE } from "../../../shared/file-schemas";
import { createTestApp, signUp, type TestApp } from "../../test/test-app";
import { tusUpload } from "../../test/tus-upload";
import { s3StorageOn, startS3TestServer, type S3TestServer } from "../../test/s3-test-server";
import type { FileStorage } from "../../storage/file-storage";

let t: TestApp;
let owner: string;
let stranger: string;
let s3: S3TestServer;

beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(() => s3.close());

/** Where thumbnails are kept: the embedded default's files, and S3 (the same keys beside the file). */
const storages: [string, () => FileStorage | undefined][] = [
  ["local", () => undefined],
  ["S3", () => s3StorageOn(s3)],
];

async function startApp(storage: FileStorage | undefined): Promise<void> {
  t = await createTestApp({
    ...(storage ? { storage } : {}),
    extraUploadPurposes: [
      {
        name: "test-picture",
        maxBytes: 8 * 1024 * 1024,
        kinds: ["image"],
        authorize: () => Promise.resolve({ scope: null }),
        canRead: (user, file) => Promise.resolve(user.id === file.ownerId),
      },
    ],
  });
  expect(t.app.ctx.storage.engine).toBe(storage?.engine ?? "local");
  owner = (await signUp(t.app)).cookie;
  stranger = (await signUp(t.app)).cookie;
}

/** A photo-like JPEG (noise does not compress): what a 3000 px cover costs, smaller. */
async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function upload(bytes: Buffer, filename: string, filetype: string): Promise<string> {
  const { id, patch } = await tusUpload(t.app, owner, bytes, {
    purpose: "test-picture",
    filename,
    filetype,
  });
  expect(patch?.statusCode).toBe(200);
  return id!;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { cookie: owner, ...headers } });

/** Whether the app's storage holds `key` (a file or a thumbnail), on either engine. */
const stored = (key: string) =>
  t.app.ctx.storage.head(key, 1).then(
    () => true,
    () => false,
  );

describe.each(storages)("picture thumbnails (?w=) on %s storage", (_name, storage) => {
  beforeAll(() => startApp(storage()));
  afterAll(() => t.close());

  it("serves a stored picture smaller, as WebP, kept beside the file and revalidated by its own ETag", async () => {
    const jpeg = await noisyJpeg(1200, 800);
    const id = await upload(jpeg, "photo.jpg", "image/jpeg");

    const small = await get(`/api/files/${id}?w=128`);
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-type"]).toBe("image/webp");
    expect(small.headers["cache-control"]).toBe("private, no-cache");
    expect(small.headers.etag).toBe(`"${id}-w128"`);
    expect(Number(small.headers["content-length"])).toBe(small.rawPayload.length);
    expect(small.rawPayload.length).toBeLessThan(jpeg.length / 10);
    const meta = await sharp(small.rawPayload).metadata();
    // The shorter side at the width asked for: it fills a square or cropped box.
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 192, 128]);
    expect(await stored(`${id}-w128`)).toBe(true);

    // Revalidated like every answer: weakly, and by any tag of a list.
    for (const tags of [`"${id}-w128"`, `W/"${id}-w128"`, `"other", "${id}-w128"`]) {
      const again = await get(`/api/files/${id}?w=128`, { "if-none-match": tags });
      expect(again.statusCode, tags).toBe(304);
    }
    // The original is still the original, and a download is never a thumbnail.
    expect((await get(`/api/files/${id}`)).rawPayload.equals(jpeg)).toBe(true);
    const download = await get(`/api/files/${id}?w=128&download=1`);
    expect(download.rawPayload.equals(jpeg)).toBe(true);
  });

  it("shows a thumbnail only to the people who may read the file", async () => {
    const id = await upload(await noisyJpeg(300, 300), "photo.jpg", "image/jpeg");
    const url = `/api/files/${id}?w=64`;
    expect((await t.app.inject({ url, headers: { cookie: stranger } })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it("takes any width to the next one it makes, and refuses what is not a width", async () => {
    const id = await upload(await noisyJpeg(300, 300), "photo.jpg", "image/jpeg");
    const between = await get(`/api/files/${id}?w=100`);
    expect(between.headers.etag).toBe(`"${id}-w128"`);
    for (const width of ["abc", "0", "1.5"]) {
      const answer = await get(`/api/files/${id}?w=${width}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain(WIDTH_MESSAGE);
    }
  });

  it("turns a photo upright by its EXIF orientation and leaves its metadata behind", async () => {
    // 400 × 200 as stored, to be shown turned a quarter (orientation 6): 200 × 400.
    const turned = await sharp(await noisyJpeg(400, 200))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const id = await upload(turned, "turned.jpg", "image/jpeg");
    const meta = await sharp((await get(`/api/files/${id}?w=64`)).rawPayload).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
      64,
      128,
      undefined,
      undefined,
    ]);
  });

  it("serves the original when there is nothing to shrink, or it cannot be decoded", async () => {
    const tiny = solidPng(8, 8, [10, 200, 10]);
    const tinyId = await upload(tiny, "dot.png", "image/png");
    const served = await get(`/api/files/${tinyId}?w=64`);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(tiny)).toBe(true);

    // A progressive JPEG is decoded whole in memory: over 16 MP it is served as it is.
    const progressive = await sharp({
      create: { width: 4100, height: 4100, channels: 3, background: "#224488" },
    })
      .jpeg({ progressive: true })
      .toBuffer();
    const progressiveId = await upload(progressive, "big.jpg", "image/jpeg");
    const asIs = await get(`/api/files/${progressiveId}?w=64`);
    expect(asIs.headers["content-type"]).toBe("image/jpeg");

    // A PNG whose header claims 30000 × 30000 pixels: never decoded.
    const bomb = withSize(solidPng(4, 4, [0, 0, 0]), 30_000, 30_000);
    const bombId = await upload(bomb, "bomb.png", "image/png");
    const started = Date.now();
    const original = await get(`/api/files/${bombId}?w=256`);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(bomb)).toBe(true);
  });

  it("removes the thumbnails with the file", async () => {
    const id = await upload(await noisyJpeg(600, 600), "photo.jpg", "image/jpeg");
    await get(`/api/files/${id}?w=256`);
    await get(`/api/files/${id}?w=64`);
    expect([await stored(`${id}-w256`), await stored(`${id}-w64`)]).toEqual([true, true]);
    await t.app.ctx.events.emit("files.deleted", { ids: [id] });
    await expect
      .poll(async () => [await stored(`${id}-w256`), await stored(`${id}-w64`), await stored(id)])
      .toEqual([false, false, false]);
  });
});

/** The same PNG with other dimensions in its header (and the header's checksum mended). */
function withSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}
