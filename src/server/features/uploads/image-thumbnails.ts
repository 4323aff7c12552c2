import type { FastifyBaseLogger } from "fastify";
import { LRUCache } from "lru-cache";
import PQueue from "p-queue";
import { THUMBNAIL_WIDTHS, type ThumbnailWidth } from "../../../shared/files";
import type { FileStorage } from "../../storage/file-storage";
import type { StoredFile } from "./stored-files";
import { makeThumbnails, NotAThumbnailSource, type Thumbnails } from "./thumbnail-maker";

/** Pictures a thumbnail is made of; a GIF (maybe animated) is served as it is. */
const SOURCE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);
/** Kept in memory across requests: the covers of a busy song list. */
const CACHE_BYTES = 32 * 1024 * 1024;
/** Pictures waiting to be made, beyond which a request gets the original at once. */
const MAX_WAITING = 4;
/** How long a request waits for its thumbnail before it gets the original (the making goes on). */
const WAIT_MS = 3_000;
/** After a storage failure, the original is served for this long before trying again. */
const RETRY_AFTER_MS = 60_000;
/** "Serve the original": an animated picture, an undecodable one, or nothing to gain. */
const ORIGINAL = Buffer.alloc(0);

export const THUMBNAIL_TYPE = "image/webp";

/** Where the thumbnail of `fileId` at `width` is stored, beside the file. */
export const thumbnailKey = (fileId: string, width: ThumbnailWidth) => `${fileId}-w${width}`;
const originalKey = (fileId: string) => `${fileId}-original`;

/** A stored file's bytes and every thumbnail made of it; missing ones are fine. */
export async function removeFileAndThumbnails(storage: FileStorage, fileId: string): Promise<void> {
  await storage.remove(fileId);
  await Promise.all(THUMBNAIL_WIDTHS.map((width) => storage.remove(thumbnailKey(fileId, width))));
}

/** A WebP file as sharp writes it: RIFF, its size, WEBP. Anything else stored is not served. */
const isWebp = (bytes: Buffer) =>
  bytes.length > 12 &&
  bytes.toString("latin1", 0, 4) === "RIFF" &&
  bytes.toString("latin1", 8, 12) === "WEBP";

export interface ImageThumbnailsDeps {
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Whether the file's row is still there (another server may have deleted it meanwhile). */
  stillStored: (fileId: string) => Promise<boolean>;
}

/**
 * Smaller copies of stored pictures (WebP, the shorter side at the width
 * asked for), made on first request from one decoding of the picture, kept
 * in storage beside the file and in memory, so a 40 px cover box never
 * fetches a 3000 px image. Ids are never reused for other bytes, so a
 * thumbnail never goes stale. One picture is made at a time, on libvips'
 * threads; a request waits at most 3 s for its own, and gets the original
 * at once when four pictures are already waiting, so a flood of large
 * pictures delays nobody's page.
 */
export class ImageThumbnails {
  private readonly cache = new LRUCache<string, Buffer>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (bytes) => Math.max(64, bytes.length),
  });
  private readonly making = new Map<string, Promise<void>>();
  private readonly queue = new PQueue({ concurrency: 1 });
  /** Files deleted while their thumbnails may still be in the making. */
  private readonly deleted = new LRUCache<string, true>({ max: 10_000, ttl: 3_600_000 });

  constructor(private readonly deps: ImageThumbnailsDeps) {}

  /** The picture at `width`, or null when the original is to be served instead. */
  async bytes(file: StoredFile, width: ThumbnailWidth): Promise<Buffer | null> {
    if (!file.mimeType || !SOURCE_TYPES.has(file.mimeType)) return null;
    const key = thumbnailKey(file.id, width);
    const known = this.cache.get(key) ?? this.cache.get(originalKey(file.id));
    if (known) return known === ORIGINAL ? null : known;
    const stored = await this.readStored(key);
    if (stored) {
      this.cache.set(key, stored);
      return stored;
    }
    let making = this.making.get(file.id);
    if (!making) {
      if (this.queue.size >= MAX_WAITING) return null;
      making = this.queue.add(() => this.make(file)).finally(() => this.making.delete(file.id));
      this.making.set(file.id, making);
    }
    await Promise.race([making, new Promise((resolve) => setTimeout(resolve, WAIT_MS).unref())]);
    const made = this.cache.get(key) ?? this.cache.get(originalKey(file.id));
    return made && made !== ORIGINAL ? made : null;
  }

  /** Forgets the thumbnails of deleted files, and keeps any still in the making from being stored. */
  forget(fileIds: readonly string[]): void {
    for (const id of fileIds) {
      this.deleted.set(id, true);
      this.cache.delete(originalKey(id));
      for (const width of THUMBNAIL_WIDTHS) this.cache.delete(thumbnailKey(id, width));
    }
  }

  private async make(file: StoredFile): Promise<void> {
    const { storage, log } = this.deps;
    if (this.deleted.has(file.id)) return;
    let made: Thumbnails;
    try {
      made = await makeThumbnails(storage, file);
    } catch (err) {
      const lasting = err instanceof NotAThumbnailSource;
      if (!lasting) log.warn({ err, fileId: file.id }, "no thumbnails: serving the original");
      this.cache.set(originalKey(file.id), ORIGINAL, lasting ? {} : { ttl: RETRY_AFTER_MS });
      return;
    }
    try {
      for (const [width, bytes] of made) {
        if (bytes) await storage.put(thumbnailKey(file.id, width), bytes);
      }
      // Deleted meanwhile (here or on another server): nothing of it may stay.
      if (this.deleted.has(file.id) || !(await this.deps.stillStored(file.id))) {
        await removeFileAndThumbnails(storage, file.id);
        return;
      }
    } catch (err) {
      log.warn({ err, fileId: file.id }, "thumbnails not stored: serving the original");
      this.cache.set(originalKey(file.id), ORIGINAL, { ttl: RETRY_AFTER_MS });
      return;
    }
    for (const [width, bytes] of made)
      this.cache.set(thumbnailKey(file.id, width), bytes ?? ORIGINAL);
  }

  /** A thumbnail made earlier (by this process or another), or null. */
  private async readStored(key: string): Promise<Buffer | null> {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of await this.deps.storage.open(key)) chunks.push(chunk as Buffer);
    } catch {
      return null; // not made yet; a storage that is down fails the making too
    }
    const bytes = Buffer.concat(chunks);
    return isWebp(bytes) ? bytes : null;
  }
}
