import { createHash, type Hash } from "node:crypto";

const CR = 0x0d;
const LF = 0x0a;
const BOM = [0xef, 0xbb, 0xbf];
const CR_BYTE = Buffer.from([CR]);

/**
 * The sha256 of a statement's text as "the same statement" is known by: a
 * leading UTF-8 BOM left out and every CRLF read as LF. A file opened in a
 * spreadsheet and saved again (Excel's "CSV UTF-8" writes both) hashes as
 * the file it was, so it cannot be imported twice under another name.
 * Fed chunk by chunk; a chunk without CR is hashed as it is.
 */
export class CanonicalTextHash {
  private readonly hash: Hash = createHash("sha256");
  /** The text's first bytes, until there are enough to tell a BOM (null once told). */
  private head: Buffer | null = Buffer.alloc(0);
  /** The last chunk ended in CR: kept until the next shows whether LF follows. */
  private pendingCr = false;
  /** Whether the text hashed differs from the bytes given (a BOM or a CRLF left out). */
  changed = false;

  update(chunk: Buffer): void {
    let bytes = chunk;
    if (this.head !== null) {
      bytes = Buffer.concat([this.head, bytes]);
      if (bytes.length < BOM.length) {
        this.head = bytes;
        return;
      }
      this.head = null;
      if (BOM.every((b, i) => bytes[i] === b)) {
        bytes = bytes.subarray(BOM.length);
        this.changed = true;
      }
    }
    if (bytes.length === 0) return;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (bytes[0] === LF) this.changed = true;
      else this.hash.update(CR_BYTE);
    }
    let start = 0;
    for (let i = bytes.indexOf(CR); i !== -1; i = bytes.indexOf(CR, i + 1)) {
      if (i === bytes.length - 1) {
        this.hash.update(bytes.subarray(start, i));
        this.pendingCr = true;
        return;
      }
      if (bytes[i + 1] === LF) {
        this.hash.update(bytes.subarray(start, i));
        start = i + 1;
        this.changed = true;
      }
    }
    this.hash.update(start === 0 ? bytes : bytes.subarray(start));
  }

  digest(): string {
    // A text shorter than a BOM: its bytes as they are.
    if (this.head !== null) {
      const head = this.head;
      this.head = null;
      this.update(head);
    }
    if (this.pendingCr) this.hash.update(CR_BYTE);
    return this.hash.digest("hex");
  }
}
