import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import sharp, { type Metadata } from "sharp";
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
 * Reads artwork with sharp (libvips): its real format, size, colour space
 * and, when it has an alpha channel, whether any pixel is not fully opaque.
 * sharp buffers a stream input whole, so the bytes are streamed to a
 * temporary file first and libvips reads that (the artwork is ≤ 30 MB).
 * libvips works on its own threads: the event loop is not blocked.
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

async function judge(file: string): Promise<ArtworkCheck> {
  let meta: Metadata;
  try {
    meta = await sharp(file).metadata();
  } catch {
    return { ok: false, message: m.artworkFormat };
  }
  const format = FORMATS[meta.format];
  const { width, height } = meta;
  if (!format || !width || !height) return { ok: false, message: m.artworkFormat };
  if (width !== height) return { ok: false, message: m.artworkNotSquare(width, height) };
  if (width < ARTWORK_MIN_PX) return { ok: false, message: m.artworkTooSmall(width, height) };
  if (width > ARTWORK_MAX_PX) return { ok: false, message: m.artworkTooLarge };
  if (meta.space === "cmyk") return { ok: false, message: m.artworkColour("CMYK") };
  const colourChannels = meta.channels - (meta.hasAlpha ? 1 : 0);
  if (colourChannels < 3 || meta.space === "b-w" || meta.space === "grey16") {
    return { ok: false, message: m.artworkColour("greyscale") };
  }
  if (meta.hasAlpha && (await hasTransparentPixel(file, meta))) {
    return { ok: false, message: m.artworkTransparent };
  }
  return { ok: true, details: { width, height, format } };
}

/** An alpha channel alone is fine when every pixel is fully opaque. */
async function hasTransparentPixel(file: string, meta: Metadata): Promise<boolean> {
  const stats = await sharp(file).stats();
  const alpha = stats.channels[stats.channels.length - 1];
  const opaque = meta.depth === "ushort" ? 65_535 : 255;
  return alpha !== undefined && alpha.min < opaque;
}
