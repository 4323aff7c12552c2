import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { THUMBNAIL_WIDTHS, type ThumbnailWidth } from "../../../shared/files";
import type { FileStorage } from "../../storage/file-storage";
import type { StoredFile } from "./stored-files";
import type { Metadata } from "sharp";

/** Release artwork (6000 × 6000) passes; a small file that decodes to gigapixels does not. */
const MAX_SOURCE_PIXELS = 40_000_000;
/** A progressive JPEG is decoded whole in memory (hundreds of MB at 64 MP): a lower bound. */
const MAX_PROGRESSIVE_PIXELS = 16_000_000;
/** A thumbnail is small by design: one bigger than this is not worth serving. */
const MAX_THUMBNAIL_BYTES = 1024 * 1024;
/** A thumbnail's longer side is at most this many times its shorter (a panorama is cut by the box anyway). */
const MAX_ASPECT = 4;
const COPY_TIMEOUT_MS = 30_000;
const DECODE_TIMEOUT_S = 20;

/** The picture cannot give thumbnails, for good: it is served as it is. */
export class NotAThumbnailSource extends Error {}

/** Each width's WebP, or null where the original is served (nothing to shrink, nothing gained). */
export type Thumbnails = Map<ThumbnailWidth, Buffer | null>;

interface Size {
  width: number;
  height: number;
}

/**
 * The size whose shorter side is `width` (so it fills a square or cropped
 * box that wide), its longer side at most four times that; null when the
 * picture is no bigger.
 */
export function thumbnailSize(picture: Size, width: number): Size | null {
  const short = Math.min(picture.width, picture.height);
  const long = Math.max(picture.width, picture.height);
  const scale = Math.min(width / short, (width * MAX_ASPECT) / long);
  if (scale >= 1) return null;
  return {
    width: Math.max(1, Math.round(picture.width * scale)),
    height: Math.max(1, Math.round(picture.height * scale)),
  };
}

/**
 * Every width of one picture, from one decoding: the picture is read once
 * (JPEG shrinks while it decodes) into the largest thumbnail's pixels,
 * turned upright by its EXIF orientation, and each width is made from
 * those. Metadata (a photo's GPS) is not carried over. sharp buffers a
 * stream whole, so the bytes go to a temporary file first.
 */
export async function makeThumbnails(storage: FileStorage, file: StoredFile): Promise<Thumbnails> {
  const { default: sharp } = await import("sharp");
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "thumbnail-"));
  const source = path.join(dir, "source");
  try {
    await pipeline(await storage.open(file.id), fs.createWriteStream(source), {
      signal: AbortSignal.timeout(COPY_TIMEOUT_MS),
    });
    const base = await decodeOnce(sharp, source);
    const made: Thumbnails = new Map();
    for (const width of THUMBNAIL_WIDTHS) {
      const size = thumbnailSize(base.upright, width);
      if (!size) {
        made.set(width, null);
        continue;
      }
      const bytes = await sharp(base.pixels, { raw: base.raw })
        .resize(size.width, size.height)
        .webp({ quality: 78 })
        .toBuffer();
      made.set(width, bytes.length < Math.min(file.size, MAX_THUMBNAIL_BYTES) ? bytes : null);
    }
    return made;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

type Sharp = (typeof import("sharp"))["default"];

async function decodeOnce(sharp: Sharp, source: string) {
  let meta: Metadata;
  try {
    meta = await sharp(source, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new NotAThumbnailSource("unreadable header", { cause: err });
  }
  if ((meta.pages ?? 1) > 1) throw new NotAThumbnailSource("animated");
  const pixels = meta.width * meta.height;
  if (pixels > MAX_SOURCE_PIXELS || (meta.isProgressive && pixels > MAX_PROGRESSIVE_PIXELS)) {
    throw new NotAThumbnailSource(`${meta.width} × ${meta.height} is too many pixels`);
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const upright = turned
    ? { width: meta.height, height: meta.width }
    : { width: meta.width, height: meta.height };
  const largest = thumbnailSize(upright, Math.max(...THUMBNAIL_WIDTHS)) ?? upright;
  try {
    const { data, info } = await sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS })
      .rotate()
      .resize(largest.width, largest.height)
      .raw({ depth: "uchar" })
      .timeout({ seconds: DECODE_TIMEOUT_S })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    return { pixels: data, raw, upright };
  } catch (err) {
    throw new NotAThumbnailSource("undecodable", { cause: err });
  }
}
