import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyBaseLogger } from "fastify";
import { LRUCache } from "lru-cache";
import PQueue from "p-queue";
import { THUMBNAIL_WIDTHS, type ThumbnailWidth } from "../../../shared/files";
import type { FileStorage } from "../../storage/file-storage";
import type { StoredFile } from "./stored-files";

/** Pictures a thumbnail is made of; a GIF (maybe animated) is served as it is. */
const SOURCE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);
/** A 48 MP phone photo passes; a small file that decodes to gigapixels does not. */
const MAX_SOURCE_PIXELS = 64_000_000;
/** A thumbnail is small by design: one bigger than this is not worth serving. */
const MAX_THUMBNAIL_BYTES = 1024 * 1024;
/** Kept in memory across requests: the covers of a busy song list. */
const CACHE_BYTES = 32 * 1024 * 1024;
/** After a failure (storage down), the original is served for this long before trying again. */
const RETRY_AFTER_MS = 60_000;
/** "Serve the original": an animated picture, a failure, or nothing smaller to gain. */
const ORIGINAL = Buffer.alloc(0);

export const THUMBNAIL_TYPE = "image/webp";

/** Where the thumbnail of `fileId` at `width` is stored, beside the file. */
export const thumbnailKey = (fileId: string, width: ThumbnailWidth) => `${fileId}-w${width}`;

/** A stored file's bytes and every thumbnail made of it; missing ones are fine. */
export async function removeFileAndThumbnails(storage: FileStorage, fileId: string): Promise<void> {
  await storage.remove(fileId);
  await Promise.all(THUMBNAIL_WIDTHS.map((width) => storage.remove(thumbnailKey(fileId, width))));
}

/**
 * Smaller copies of stored pictures (WebP, at most `width` wide and twice
 * that high), made on first request, kept in storage beside the file and in
 * memory, so a 40 px cover box never fetches a 3000 px image. Ids are never
 * reused for other bytes, so a thumbnail never goes stale. libvips works on
 * its own threads; at most two are made at once, and two requests for the
 * same one share it.
 */
export class ImageThumbnails {
  private readonly cache = new LRUCache<string, Buffer>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
  });
  private readonly making = new Map<string, Promise<Buffer>>();
  private readonly queue = new PQueue({ concurrency: 2 });

  constructor(
    private readonly storage: FileStorage,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The picture at `width`, or null when the original is to be served instead. */
  async bytes(file: StoredFile, width: ThumbnailWidth): Promise<Buffer | null> {
    if (!file.mimeType || !SOURCE_TYPES.has(file.mimeType)) return null;
    const key = thumbnailKey(file.id, width);
    let bytes = this.cache.get(key);
    if (!bytes) {
      let pending = this.making.get(key);
      if (!pending) {
        pending = this.load(file, key, width).finally(() => this.making.delete(key));
        this.making.set(key, pending);
      }
      bytes = await pending;
    }
    return bytes === ORIGINAL ? null : bytes;
  }

  /** Forgets the thumbnails of deleted files (their bytes are removed with the file's). */
  forget(fileIds: readonly string[]): void {
    for (const id of fileIds) {
      for (const width of THUMBNAIL_WIDTHS) this.cache.delete(thumbnailKey(id, width));
    }
  }

  private async load(file: StoredFile, key: string, width: ThumbnailWidth): Promise<Buffer> {
    try {
      const bytes = (await this.readStored(key)) ?? (await this.make(file, key, width));
      this.cache.set(key, bytes);
      return bytes;
    } catch (err) {
      this.log.warn({ err, fileId: file.id, width }, "no thumbnail: serving the original");
      this.cache.set(key, ORIGINAL, { ttl: RETRY_AFTER_MS });
      return ORIGINAL;
    }
  }

  private async make(file: StoredFile, key: string, width: ThumbnailWidth): Promise<Buffer> {
    const made = await this.queue.add(() => makeThumbnail(this.storage, file.id, width), {
      throwOnTimeout: true,
    });
    if (!made || made.length >= Math.min(file.size, MAX_THUMBNAIL_BYTES)) return ORIGINAL;
    await this.storage.put(key, made);
    return made;
  }

  /** A thumbnail made earlier (by this process or another), or null. */
  private async readStored(key: string): Promise<Buffer | null> {
    const chunks: Buffer[] = [];
    let length = 0;
    try {
      for await (const chunk of await this.storage.open(key)) {
        chunks.push(chunk as Buffer);
        length += (chunk as Buffer).length;
        if (length > MAX_THUMBNAIL_BYTES) return null;
      }
    } catch {
      return null; // not made yet; a storage that is down fails the making too
    }
    return Buffer.concat(chunks);
  }
}

/**
 * Decodes the picture once (JPEG shrinks while it decodes) into WebP, turned
 * upright by its EXIF orientation, its metadata (a photo's GPS) dropped.
 * null for an animated picture, whose first frame alone would mislead, and
 * for one already small enough.
 * sharp buffers a stream whole, so the bytes go to a temporary file first.
 */
async function makeThumbnail(
  storage: FileStorage,
  fileId: string,
  width: ThumbnailWidth,
): Promise<Buffer | null> {
  const { default: sharp } = await import("sharp");
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "thumbnail-"));
  const file = path.join(dir, "source");
  try {
    await pipeline(await storage.open(fileId), fs.createWriteStream(file));
    const image = sharp(file, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: "error" });
    const { pages, width: sourceWidth, height: sourceHeight } = await image.metadata();
    if ((pages ?? 1) > 1) return null;
    if (sourceWidth <= width && sourceHeight <= width * 2) return null; // nothing to shrink
    return await image
      .rotate()
      .resize({ width, height: width * 2, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 78 })
      .timeout({ seconds: 10 })
      .toBuffer();
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
