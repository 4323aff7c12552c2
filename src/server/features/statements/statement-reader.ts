import { createHash } from "node:crypto";
import { PassThrough, type Duplex, type Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import Papa from "papaparse";
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

/** The first line of the (decompressed) text, without its line break; null when unreadable. */
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
  const header = line.text.replace(/^\uFEFF/, "");
  if (header.trim() === "") return { problem: m.noHeader };
  if (/\0/.test(header)) return { problem: m.notReadable };
  const delimiter = sniffDelimiter(header);
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

/** One record after the header: its cells and the file line it ends on. */
export interface FileRecord {
  cells: string[];
  line: number;
}

/** Records handed over at once: one await per batch, not per record (that cost more than the parsing). */
const BATCH_RECORDS = 512;
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
 * Every record after the header, in order, in batches; `onBytes` hears how
 * many bytes of the stored file have been read (for a percentage). Papa
 * Parse's stream (decision 123): quotes relaxed, a short or long record kept
 * as it is (the line check names it), empty lines skipped but counted.
 */
export async function* readRecordBatches(
  open: OpenFile,
  shape: FileShape,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<FileRecord[]> {
  // Told, not guessed: Papa Parse guesses from its first chunk, which may hold no line break yet.
  const newline = (await firstLine(await textStream(open, shape.gzip)))?.lineBreak ?? "\n";
  const raw = await open();
  let read = 0;
  raw.on("data", (chunk: Buffer) => {
    read += chunk.length;
    onBytes?.(read);
  });
  // Decoded before the parser: a character split between two chunks stays whole.
  const text = raw.pipe(shape.gzip ? createGunzip() : new PassThrough()).setEncoding("utf8");
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    delimiter: shape.delimiter,
    quoteChar: '"',
    newline,
    skipEmptyLines: false,
  });

  let line = 0;
  let batch: FileRecord[] = [];
  try {
    for await (const rows of rowBatches(text, parser)) {
      for (const cells of rows) {
        line += 1 + breaksIn(cells);
        // The header (line 1) was read by readShape; an empty line has one empty cell.
        if (line === 1 || (cells.length === 1 && cells[0] === "")) continue;
        batch.push({ cells, line });
      }
      if (batch.length >= BATCH_RECORDS) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    raw.destroy();
    parser.destroy();
  }
}

/**
 * The rows of `text` as `parser` reads them, gathered while they come. The
 * text is fed by hand and paused while a batch waits; the parser itself is
 * never paused: Papa Parse resumes a paused chunk by parsing its rest anew,
 * which made a slow consumer (SQLite) spend 8 s a million lines re-reading.
 */
async function* rowBatches(text: Readable, parser: Duplex): AsyncGenerator<string[][]> {
  const state: { rows: string[][]; ended: boolean; failure: Error | null } = {
    rows: [],
    ended: false,
    failure: null,
  };
  let wake: (() => void) | null = null;
  const signal = () => {
    wake?.();
    wake = null;
  };
  const fail = (err: Error) => {
    state.failure ??= err;
    signal();
  };
  let fed = 0;
  let fedAtLastRow = 0;
  parser.on("data", (row: string[]) => {
    state.rows.push(row);
    fedAtLastRow = fed;
    signal();
  });
  parser.on("end", () => {
    state.ended = true;
    signal();
  });
  parser.on("error", fail);
  text.on("data", (chunk: string) => {
    fed += chunk.length;
    parser.write(chunk);
    if (fed - fedAtLastRow > MAX_RECORD_CHARS) fail(new Error("record too long"));
    else if (state.rows.length >= BATCH_RECORDS) text.pause();
  });
  text.on("end", () => parser.end());
  text.on("error", fail);
  for (;;) {
    if (state.failure) throw state.failure;
    if (state.rows.length > 0) {
      const taken = state.rows;
      state.rows = [];
      yield taken;
      text.resume();
    } else if (state.ended) {
      return;
    } else {
      await new Promise<void>((resolve) => (wake = resolve));
    }
  }
}
