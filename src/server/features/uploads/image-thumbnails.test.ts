import { PassThrough, Readable } from "node:stream";
import pino from "pino";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { FileStorage } from "../../storage/file-storage";
import { ImageThumbnails, thumbnailKey } from "./image-thumbnails";
import type { StoredFile } from "./stored-files";

const picture = (id: string, size: number): StoredFile =>
  ({ id, mimeType: "image/jpeg", size }) as StoredFile;

/** A storage whose originals arrive when `release` is called; it records what is stored. */
function slowStorage(bytes: Buffer) {
  const stored = new Map<string, Buffer>();
  const waiting: PassThrough[] = [];
  const storage = {
    open(key: string) {
      if (key.includes("-w")) {
        const found = stored.get(key);
        return found ? Promise.resolve(Readable.from([found])) : Promise.reject(new Error("none"));
      }
      const stream = new PassThrough();
      waiting.push(stream);
      return Promise.resolve(stream);
    },
    put(key: string, data: Buffer) {
      stored.set(key, data);
      return Promise.resolve();
    },
    remove(key: string) {
      stored.delete(key);
      return Promise.resolve();
    },
  } as unknown as FileStorage;
  const release = () => waiting.splice(0).forEach((stream) => stream.end(bytes));
  return { storage, stored, release, waiting };
}

const log = pino({ level: "silent" });
const jpeg = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: "#3366aa" } })
    .jpeg()
    .toBuffer();

describe("ImageThumbnails", () => {
  it("serves the original at once when pictures are already waiting to be made", async () => {
    const { storage, release } = slowStorage(await jpeg());
    const thumbnails = new ImageThumbnails({
      storage,
      log,
      stillStored: () => Promise.resolve(true),
    });
    // One being made and four waiting: the queue is full.
    const busy = ["a", "b", "c", "d", "e"].map((id) => thumbnails.bytes(picture(id, 10_000), 64));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    expect(await thumbnails.bytes(picture("f", 10_000), 64)).toBeNull();
    expect(Date.now() - started).toBeLessThan(500);
    release();
    await Promise.all(busy);
  });

  it("stores nothing of a picture deleted while its thumbnails were being made", async () => {
    const { storage, stored, release, waiting } = slowStorage(await jpeg());
    const thumbnails = new ImageThumbnails({
      storage,
      log,
      stillStored: () => Promise.resolve(true),
    });
    const asked = thumbnails.bytes(picture("gone", 10_000), 128);
    await expect.poll(() => waiting.length).toBe(1);
    thumbnails.forget(["gone"]);
    release();
    expect(await asked).toBeNull();
    expect([...stored.keys()]).toEqual([]);
  });

  it("removes what it stored when another server deleted the file meanwhile", async () => {
    const { storage, stored, release, waiting } = slowStorage(await jpeg());
    const thumbnails = new ImageThumbnails({
      storage,
      log,
      stillStored: () => Promise.resolve(false),
    });
    const asked = thumbnails.bytes(picture("elsewhere", 10_000), 128);
    await expect.poll(() => waiting.length).toBe(1);
    release();
    expect(await asked).toBeNull();
    expect(stored.has(thumbnailKey("elsewhere", 128))).toBe(false);
    expect([...stored.keys()]).toEqual([]);
  });
});
