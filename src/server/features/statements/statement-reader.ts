import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { parse } from "csv-parse";
import { parse as parseSync } from "csv-parse/sync";
import { statementMessages as m } from "../../../shared/statement-messages";

/*
 * Reading a statement file as a stream (issue 46): CSV or TSV, either
 * gzip-compressed (known by its magic bytes, whatever its name), the
 * delimiter sniffed from the header line. Never read into memory whole.
 */

export type OpenFile = () => Promise<Readable>;

/** How a file is read: what the header line told. */
export interface FileShape {
  gzip: boolean;
  delimiter: string;
  headers: string[];
}

const GZIP_MAGIC = [0x1f, 0x8b];
/** A header line longer than this is not a statement's. */
const MAX_HEADER_BYTES = 64 * 1024;
const DELIMITERS = ["\t", ",", ";", "|"];

/** The sha256 of every byte of the file as stored (compressed or not), streamed. */
export async function sha256Of(open: OpenFile): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of await open()) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** The file's bytes as text lines come: gunzipped when its first bytes are gzip's. */
async function textStream(open: OpenFile, gzip: boolean): Promise<Readable> {
  const raw = await open();
  return gzip ? raw.pipe(createGunzip()) : raw;
}

async function isGzip(open: OpenFile): Promise<boolean> {
  const raw = await open();
  try {
    for await (const chunk of raw) {
      const bytes = chunk as Buffer;
      return bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
    }
    return false;
  } finally {
    raw.destroy();
  }
}

/** The first line of the (decompressed) text, without its line break; null when unreadable. */
async function firstLine(stream: Readable): Promise<string | null> {
  let text = "";
  try {
    for await (const chunk of stream) {
      text += (chunk as Buffer).toString("utf8");
      const end = text.search(/\r?\n/);
      if (end >= 0) return text.slice(0, end);
      if (text.length > MAX_HEADER_BYTES) return null;
    }
    return text;
  } catch {
    return null;
  } finally {
    stream.destroy();
  }
}

/** The delimiter the header line uses most (tab, comma, semicolon, bar). */
export function sniffDelimiter(line: string): string {
  let best = ",";
  let most = 0;
  for (const d of DELIMITERS) {
    const count = line.split(d).length - 1;
    if (count > most) [best, most] = [d, count];
  }
  return best;
}

/** The file's shape, or the sentence that refuses it. */
export async function readShape(open: OpenFile): Promise<FileShape | { problem: string }> {
  const gzip = await isGzip(open);
  const line = await firstLine(await textStream(open, gzip));
  if (line === null) return { problem: m.notReadable };
  const header = line.replace(/^\uFEFF/, "");
  if (header.trim() === "") return { problem: m.noHeader };
  if (/\0/.test(header)) return { problem: m.notReadable };
  const delimiter = sniffDelimiter(header);
  let headers: string[];
  try {
    const rows: string[][] = parseSync(header, { delimiter, relax_quotes: true });
    headers = (rows[0] ?? []).map((h) => h.trim());
  } catch {
    return { problem: m.notReadable };
  }
  if (headers.length < 2 || headers.every((h) => h === "")) return { problem: m.notReadable };
  return { gzip, delimiter, headers };
}

/** One record after the header: its cells and the file line it ends on. */
export interface FileRecord {
  cells: string[];
  line: number;
}

/**
 * Every record after the header, in order; `onBytes` hears how many bytes of
 * the stored file have been read (for a percentage).
 */
export async function* readRecords(
  open: OpenFile,
  shape: FileShape,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<FileRecord> {
  const raw = await open();
  let read = 0;
  raw.on("data", (chunk: Buffer) => {
    read += chunk.length;
    onBytes?.(read);
  });
  const text = shape.gzip ? raw.pipe(createGunzip()) : raw;
  const parser = text.pipe(
    parse({
      delimiter: shape.delimiter,
      bom: true,
      from_line: 2,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }),
  );
  text.on("error", (err) => parser.destroy(err));
  try {
    for await (const item of parser) {
      const { record, info } = item as { record: string[]; info: { lines: number } };
      yield { cells: record, line: info.lines };
    }
  } finally {
    raw.destroy();
  }
}
