import type { StatementLine } from "./statement-lines";

/*
 * Staged groups in PostgreSQL's COPY text format (decisions 123 and 124):
 * one row per partial group, written straight into the buffers the COPY
 * stream sends.
 */

const COPY_SPECIAL = /[\\\t\n\r]/;

/** Text in COPY's text format: backslash, tab and line breaks escaped. */
export function copyText(value: string): string {
  if (!COPY_SPECIAL.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
  );
}

/** Nullable text in COPY's text format: \N for null. */
const copyNullable = (value: string | null) => (value === null ? "\\N" : copyText(value));

/** The texts of a staged row: a summed group's, or a line's passed through as a part of its own. */
export type RowTexts = Pick<
  StatementLine,
  "isrc" | "upc" | "store" | "country" | "saleMonth" | "quantity" | "title" | "artist"
>;

/**
 * A staged part as a row of COPY text, written out field by field (the
 * month and numbers are known to need no escaping). A UPC beside an ISRC
 * is no part of the group and is left out.
 */
export function copyRow(prefix: string, g: RowTexts, lineCount: number, rupeeUnits: bigint) {
  const upc = g.isrc === null ? g.upc : null;
  return `${prefix}${copyNullable(g.isrc)}\t${copyNullable(upc)}\t${copyText(g.store)}\t${copyText(g.country)}\t${g.saleMonth}\t${g.quantity}\t${lineCount}\t${rupeeUnits}\t${copyNullable(g.title)}\t${copyNullable(g.artist)}\n`;
}

/** Bytes of COPY text sent at once. */
const COPY_CHUNK_BYTES = 1024 * 1024;

/**
 * COPY rows written straight into buffers as UTF-8: encoding a joined
 * string of thousands of rows cost a second a million lines (a rope
 * flattened, then encoded), writing each row where it goes a fifth of that.
 */
export class CopyRows {
  private chunk = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
  private used = 0;

  /** Adds a row; answers a full chunk to send (a row too long for one is sent alone). */
  add(row: string): Buffer | null {
    // A UTF-16 code unit takes at most 3 bytes of UTF-8.
    const most = row.length * 3;
    if (most > COPY_CHUNK_BYTES)
      return Buffer.concat([this.take() ?? Buffer.alloc(0), Buffer.from(row)]);
    const full = this.used + most > COPY_CHUNK_BYTES ? this.take() : null;
    this.used += this.chunk.write(row, this.used);
    return full;
  }

  /** The rows added since the last chunk went, or null when none. */
  take(): Buffer | null {
    if (this.used === 0) return null;
    const full = this.chunk.subarray(0, this.used);
    this.chunk = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
    this.used = 0;
    return full;
  }
}
