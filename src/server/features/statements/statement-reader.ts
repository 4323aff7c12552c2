import { createHash, type Hash } from "node:crypto";
import { PassThrough, pipeline, type Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import type { Parser } from "papaparse";
import { statementMessages as m } from "../../../shared/statement-messages";
import { CanonicalTextHash } from "./canonical-text-hash";

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

/** A statement file's sha256 hashes (hex), read in one pass. */
export interface FileHashes {
  /**
   * Of its text, gunzipped when it is gzip, without a leading BOM and with
   * CRLF as LF (`CanonicalTextHash`): a file, any gzip of it and the same
   * lines saved again by a spreadsheet share it.
   */
  content: string;
  /** Of its text as it is, when that differs (rows hashed before the canonical text). */
  text: string | null;
  /** Of its bytes as stored: `content` for a file not compressed (rows before content hashes). */
  stored: string;
}

/** zlib's own errors (Z_DATA_ERROR, Z_BUF_ERROR "unexpected end of file"): a broken gzip. */
const isZlibError = (err: unknown) => /^Z_/.test(String((err as { code?: unknown }).code));

/**
 * The file's hashes, streamed (never the whole file in memory): the text's
 * through gunzip, the stored bytes' as they pass; "unreadable" when the gzip
 * cannot be read to its end, "too large" when its text passes `maxTextBytes`
 * (the upload's own limit, so a gzip bomb is stopped here, before any line is
 * read or staged).
 */
export async function hashesOf(
  open: OpenFile,
  gzip: boolean,
  maxTextBytes = Infinity,
): Promise<FileHashes | "unreadable" | "too large"> {
  const raw = await open();
  const stored = createHash("sha256");
  if (gzip) raw.on("data", (chunk: Buffer) => stored.update(chunk));
  const content = new CanonicalTextHash();
  // The text as it is, hashed too only when its first chunk shows a BOM or a CR.
  let asIs: Hash | null | undefined;
  const text = bytesAsText(raw, gzip);
  let size = 0;
  try {
    for await (const chunk of text) {
      const bytes = chunk as Buffer;
      size += bytes.length;
      if (size > maxTextBytes) {
        text.destroy();
        return "too large";
      }
      asIs ??= bytes[0] === 0xef || bytes.includes(0x0d) ? createHash("sha256") : null;
      asIs?.update(bytes);
      content.update(bytes);
    }
  } catch (err) {
    if (gzip && isZlibError(err)) return "unreadable";
    throw err;
  }
  const digest = content.digest();
  const textDigest = asIs && content.changed ? asIs.digest("hex") : null;
  return { content: digest, text: textDigest, stored: gzip ? stored.digest("hex") : digest };
}

/** The file's bytes as text lines come: gunzipped when its first bytes are gzip's. */
async function textStream(open: OpenFile, gzip: boolean): Promise<Readable> {
  return bytesAsText(await open(), gzip);
}

/**
 * The stored bytes through gunzip or as they are. A pipeline, not a pipe:
 * an error of the stored file's stream (storage gone away) reaches the
 * reader instead of going unheard, and destroying the text ends the read.
 */
function bytesAsText(raw: Readable, gzip: boolean): Readable {
  // Errors are heard on the returned stream, which the pipeline destroys with them.
  return pipeline(raw, gzip ? createGunzip() : new PassThrough(), () => {});
}

async function isGzip(open: OpenFile): Promise<boolean> {
  const raw = await open();
  let start = Buffer.alloc(0);
  try {
    for await (const chunk of raw) {
      start = Buffer.concat([start, chunk as Buffer]);
      if (start.length >= GZIP_MAGIC.length) break;
    }
    return start[0] === GZIP_MAGIC[0] && start[1] === GZIP_MAGIC[1];
  } finally {
    raw.destroy();
  }
}

/** The file's first line as read: its text, and the line break that ends it (LF when none). */
interface FirstLine {
  text: string;
  lineBreak: "\r\n" | "\n";
}

/**
 * The first line of the (decompressed) text, without its line break; null
 * when unreadable (a broken gzip, no line within MAX_HEADER_BYTES). The
 * stored file's own read error is thrown, as `readRecords` throws it: a
 * storage gone away is not a file that cannot be read.
 */
async function firstLine(stream: Readable): Promise<FirstLine | null> {
  let text = "";
  try {
    // Decoded as a stream: a character split between two chunks stays whole.
    for await (const chunk of stream.setEncoding("utf8")) {
      text += chunk as string;
      const end = text.search(/\r?\n/);
      if (end >= 0)
        return { text: text.slice(0, end), lineBreak: text[end] === "\r" ? "\r\n" : "\n" };
      if (text.length > MAX_HEADER_BYTES) return null;
    }
    return { text, lineBreak: "\n" };
  } catch (err) {
    if (isZlibError(err)) return null;
    throw err;
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

/** Papa Parse loads with the first statement read, not at start (issue 48). */
const loadPapa = async () => (await import("papaparse")).default;

/** The file's shape, or the sentence that refuses it. */
export async function readShape(open: OpenFile): Promise<FileShape | { problem: string }> {
  const gzip = await isGzip(open);
  const line = await firstLine(await textStream(open, gzip));
  if (line === null) return { problem: m.notReadable };
  const header = line.text.replace(/^\uFEFF/, "");
  if (header.trim() === "") return { problem: m.noHeader };
  if (/\0/.test(header)) return { problem: m.notReadable };
  const delimiter = sniffDelimiter(header);
  const Papa = await loadPapa();
  let headers: string[];
  try {
    const { data } = Papa.parse<string[]>(header, { delimiter, quoteChar: '"' });
    headers = (data[0] ?? []).map((h) => h.trim());
  } catch {
    return { problem: m.notReadable };
  }
  if (headers.length < 2 || headers.every((h) => h === "")) return { problem: m.notReadable };
  return { gzip, delimiter, headers };
}

/** Where a file's records go, as they are parsed. */
export interface RecordSink {
  /** One record after the header: its cells and the file line it ends on. */
  record(cells: string[], line: number): void;
  /**
   * Called after each chunk's records: work that must be waited for
   * (staging, a progress report, a turn of the loop), or null for none.
   * The parser and the text are paused while it runs.
   */
  afterChunk(): Promise<void> | null;
}

/** Text read without a record ending (an unterminated quote, say): not a statement. */
const MAX_RECORD_CHARS = 1024 * 1024;

/** How many line breaks a record's cells hold: its file line moves on by as many. */
function breaksIn(cells: readonly string[]): number {
  let breaks = 0;
  for (const cell of cells) {
    for (let at = cell.indexOf("\n"); at >= 0; at = cell.indexOf("\n", at + 1)) breaks += 1;
  }
  return breaks;
}

/**
 * Hands every record after the header to `sink`, in order, while its chunk
 * is parsed; `onBytes` hears how many bytes of the stored file have been
 * read (for a percentage). Papa Parse on the stream, a chunk of records at
 * a time (decision 123): quotes relaxed, a short or long record kept as it
 * is (the line check names it), empty lines skipped but counted.
 *
 * Records go straight to the sink, with no batch of them held across
 * awaits and no objects of Papa Parse's per row (its `step`): a third
 * fewer young collections (decision 125).
 */
export async function readRecords(
  open: OpenFile,
  shape: FileShape,
  sink: RecordSink,
  onBytes?: (bytes: number) => void,
): Promise<void> {
  // Told, not guessed: Papa Parse guesses from its first chunk, which may hold no line break yet.
  const newline = (await firstLine(await textStream(open, shape.gzip)))?.lineBreak ?? "\n";
  const raw = await open();
  let read = 0;
  raw.on("data", (chunk: Buffer) => {
    read += chunk.length;
    onBytes?.(read);
  });
  // Decoded before the parser: a character split between two chunks stays whole.
  const text = bytesAsText(raw, shape.gzip).setEncoding("utf8");
  try {
    await parseInto(text, { delimiter: shape.delimiter, newline }, sink);
  } finally {
    // The pipeline destroys the stored file's stream with it.
    text.destroy();
  }
}

/** Parses `text` into `sink`, pausing the parser and the text while the sink's work waits. */
async function parseInto(
  text: Readable,
  format: { delimiter: string; newline: "\r\n" | "\n" },
  sink: RecordSink,
): Promise<void> {
  const Papa = await loadPapa();
  return new Promise<void>((resolve, reject) => {
    let line = 0;
    let fed = 0;
    let fedAtLastRow = 0;
    let failed = false;
    let handle: Parser | null = null;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      reject(err instanceof Error ? err : new Error(String(err)));
      handle?.abort();
    };
    Papa.parse<string[]>(text, {
      ...format,
      quoteChar: '"',
      skipEmptyLines: false,
      chunk(results, parser) {
        handle = parser;
        if (failed) return;
        const rows = results.data;
        if (rows.length > 0) fedAtLastRow = fed;
        try {
          for (const cells of rows) {
            line += 1 + breaksIn(cells);
            // The header (line 1) was read by readShape; an empty line has one empty cell.
            if (line === 1 || (cells.length === 1 && cells[0] === "")) continue;
            sink.record(cells, line);
          }
          const wait = sink.afterChunk();
          if (wait === null) return;
          // A paused handle parses nothing more; with `chunk`, Papa Parse resumes where it stopped.
          parser.pause();
          text.pause();
          wait.then(() => {
            if (failed) return;
            text.resume();
            parser.resume();
          }, fail);
        } catch (err) {
          fail(err);
        }
      },
      complete: () => {
        if (!failed) resolve();
      },
      error: fail,
    });
    // Heard after the parser's own listener: `fedAtLastRow` already counts this chunk's records.
    text.on("data", (chunk: string) => {
      fed += chunk.length;
      if (fed - fedAtLastRow > MAX_RECORD_CHARS) fail(new Error("record too long"));
    });
  });
}
