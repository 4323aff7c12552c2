import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import type { Metadata, Stats } from "sharp";
import { ARTWORK_MAX_PX, ARTWORK_MIN_PX } from "../../../../shared/release-constants";
import { releaseMessages as m } from "../../../../shared/release-messages";

export interface ArtworkDetails {
  width: number;
  height: number;
  format: "JPG" | "PNG";
}

export type ArtworkCheck = { ok: true; details: ArtworkDetails } | { ok: false; message: string };

const FORMATS: Record<string, ArtworkDetails["format"]> = { jpeg: "JPG", png: "PNG" };

/**
 * Reads artwork with sharp (libvips): its real format, size and colour
 * space from the header, then every pixel decoded once (`stats()`), which
 * proves the image whole (a valid header over junk is refused) and says
 * whether any pixel is not fully opaque. Decoding is bounded to the
 * 6000 × 6000 limit (`limitInputPixels`); a bigger header is refused by
 * its size before a pixel is read. sharp buffers a stream input whole, so
 * the bytes are streamed to a temporary file first and libvips reads that
 * (the artwork is ≤ 30 MB). libvips works on its own threads: the event
 * loop is not blocked; how many run at once is the check queue's.
 */
export async function checkArtwork(stream: Readable): Promise<ArtworkCheck> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "artwork-"));
  const file = path.join(dir, "artwork");
  try {
    await pipeline(stream, fs.createWriteStream(file));
    return await judge(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

const MAX_PIXELS = ARTWORK_MAX_PX * ARTWORK_MAX_PX;

async function judge(file: string): Promise<ArtworkCheck> {
  // sharp loads libvips (6 MB of the idle server's RSS): with the first
  // artwork, not at start (decision 127); Node keeps the module once loaded.
  const { default: sharp } = await import("sharp");
  let meta: Metadata;
  try {
    // The header only: no pixel limit, so a 50000 × 50000 header can be named.
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, message: m.artworkFormat };
  }
  const format = FORMATS[meta.format];
  const { width, height } = meta;
  if (!format || !width || !height) return { ok: false, message: m.artworkFormat };
  if (width !== height) return { ok: false, message: m.artworkNotSquare(width, height) };
  if (width < ARTWORK_MIN_PX) return { ok: false, message: m.artworkTooSmall(width, height) };
  if (width > ARTWORK_MAX_PX) return { ok: false, message: m.artworkTooLarge(width, height) };
  if (meta.space === "cmyk") return { ok: false, message: m.artworkColour("CMYK") };
  const colourChannels = meta.channels - (meta.hasAlpha ? 1 : 0);
  if (colourChannels < 3 || meta.space === "b-w" || meta.space === "grey16") {
    return { ok: false, message: m.artworkColour("greyscale") };
  }
  let stats: Stats;
  try {
    // Every pixel, strictly: a warning from the decoder (truncated, corrupt) refuses the file.
    stats = await sharp(file, { limitInputPixels: MAX_PIXELS, failOn: "warning" }).stats();
  } catch {
    return { ok: false, message: m.artworkUnreadable };
  }
  if (meta.hasAlpha && hasTransparentPixel(stats, meta)) {
    return { ok: false, message: m.artworkTransparent };
  }
  return { ok: true, details: { width, height, format } };
}

/** An alpha channel alone is fine when every pixel is fully opaque. */
function hasTransparentPixel(stats: Stats, meta: Metadata): boolean {
  const alpha = stats.channels[stats.channels.length - 1];
  const opaque = meta.depth === "ushort" ? 65_535 : 255;
  return alpha !== undefined && alpha.min < opaque;
}
