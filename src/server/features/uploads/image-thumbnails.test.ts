import { PassThrough, Readable } from "node:stream";
import pino from "pino";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { THUMBNAIL_WIDTHS } from "../../../shared/files";
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

  /** Asks for a picture's thumbnail; `meanwhile` runs while the original is still arriving. */
  async function askWhile(stillStored: boolean, meanwhile: (t: ImageThumbnails) => void) {
    const { storage, stored, release, waiting } = slowStorage(await jpeg());
    const thumbnails = new ImageThumbnails({
      storage,
      log,
      stillStored: () => Promise.resolve(stillStored),
    });
    const asked = thumbnails.bytes(picture("p", 10_000), 128);
    await expect.poll(() => waiting.length).toBe(1);
    meanwhile(thumbnails);
    release();
    return { served: await asked, stored: [...stored.keys()].sort() };
  }

  it("stores every smaller width of a picture still there, and serves the one asked for", async () => {
    const { served, stored } = await askWhile(true, () => undefined);
    expect(served?.toString("latin1", 8, 12)).toBe("WEBP");
    // 600 px: nothing to shrink at 768.
    const smaller = THUMBNAIL_WIDTHS.filter((width) => width < 600);
    expect(stored).toEqual(smaller.map((width) => thumbnailKey("p", width)).sort());
  });

  it("stores nothing of a picture deleted while its thumbnails were being made", async () => {
    const { served, stored } = await askWhile(true, (thumbnails) => thumbnails.forget(["p"]));
    expect([served, stored]).toEqual([null, []]);
  });

  it("removes what it stored when another server deleted the file meanwhile", async () => {
    const { served, stored } = await askWhile(false, () => undefined);
    expect([served, stored]).toEqual([null, []]);
  });
});
