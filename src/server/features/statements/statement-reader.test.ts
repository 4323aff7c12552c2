import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readRecords, readShape, type OpenFile } from "./statement-reader";

/** A file served in chunks of `size` bytes, as storage streams it. */
function fileOf(bytes: Buffer, size = 7): OpenFile {
  return () => {
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
    return Promise.resolve(Readable.from(chunks));
  };
}

interface FileRecord {
  cells: string[];
  line: number;
}

async function recordsOf(
  open: OpenFile,
  afterChunk: () => Promise<void> | null = () => null,
): Promise<FileRecord[]> {
  const shape = await readShape(open);
  if ("problem" in shape) throw new Error(shape.problem);
  const records: FileRecord[] = [];
  await readRecords(open, shape, {
    record: (cells, line) => records.push({ cells, line }),
    afterChunk,
  });
  return records;
}

const numbered = (count: number) =>
  Array.from({ length: count }, (_, i) => `INA1B26${String(i).padStart(5, "0")},${i}`);

describe("reading a statement file's records", () => {
  it("numbers each record by the file line it ends on: quoted line breaks, empty lines, CRLF", async () => {
    const text = [
      "ISRC,Title,Net Revenue",
      'INA1B2600001,"Two\r\nlines",1.5',
      "",
      "INA1B2600002,Plain,2",
      'INA1B2600003,"Say ""hi""",3',
      "",
    ].join("\r\n");
    const records = await recordsOf(fileOf(Buffer.from(text)));
    expect(records).toEqual([
      { cells: ["INA1B2600001", "Two\r\nlines", "1.5"], line: 3 },
      { cells: ["INA1B2600002", "Plain", "2"], line: 5 },
      { cells: ["INA1B2600003", 'Say "hi"', "3"], line: 6 },
    ]);
  });

  it("keeps a character whole when a chunk ends inside it, gzipped or not", async () => {
    const text = "ISRC\tTitle\tNet Revenue\nINA1B2600001\tनमस्ते — ₹\t1\n";
    for (const bytes of [Buffer.from(text), gzipSync(Buffer.from(text))]) {
      // One byte a chunk: every multi-byte character is split.
      const records = await recordsOf(fileOf(bytes, 1));
      expect(records).toEqual([{ cells: ["INA1B2600001", "नमस्ते — ₹", "1"], line: 2 }]);
    }
  });

  it("hands every record over in order", async () => {
    const records = await recordsOf(
      fileOf(Buffer.from(`ISRC,Net Revenue\n${numbered(3000).join("\n")}\n`), 4096),
    );
    expect(records).toHaveLength(3000);
    expect(records[2999]).toEqual({ cells: ["INA1B2602999", "2999"], line: 3001 });
  });

  it("reads nothing more while the work after a chunk waits, then goes on", async () => {
    let waiting = false;
    let waits = 0;
    const heardWhileWaiting: number[] = [];
    const open = fileOf(Buffer.from(`ISRC,Net Revenue\n${numbered(3000).join("\n")}\n`), 4096);
    const shape = await readShape(open);
    if ("problem" in shape) throw new Error(shape.problem);
    let count = 0;
    await readRecords(open, shape, {
      record: (_cells, line) => {
        count += 1;
        if (waiting) heardWhileWaiting.push(line);
      },
      afterChunk: () => {
        waits += 1;
        waiting = true;
        return new Promise((resolve) =>
          setTimeout(() => {
            waiting = false;
            resolve();
          }, 2),
        );
      },
    });
    expect(count).toBe(3000);
    expect(waits).toBeGreaterThan(5);
    expect(heardWhileWaiting).toEqual([]);
  });

  it("fails with the work after a chunk, and reads no further", async () => {
    let count = 0;
    const open = fileOf(Buffer.from(`ISRC,Net Revenue\n${numbered(3000).join("\n")}\n`), 4096);
    await expect(
      recordsOf(open, () => {
        count += 1;
        return count === 2 ? Promise.reject(new Error("staging failed")) : null;
      }),
    ).rejects.toThrow("staging failed");
    expect(count).toBe(2);
  });

  it("refuses a quote left open instead of holding the rest of the file", async () => {
    const rest = "INA1B2600002,x,1\n".repeat(80_000);
    const open = fileOf(
      Buffer.from(`ISRC,Title,Net Revenue\nINA1B2600001,"never closed,1\n${rest}`),
      65_536,
    );
    await expect(recordsOf(open)).rejects.toThrow(/record too long/);
  });

  it("fails with the stored file's read error, gzipped or not, instead of going unheard", async () => {
    const text = `ISRC,Net Revenue\n${numbered(3000).join("\n")}\n`;
    for (const bytes of [Buffer.from(text), gzipSync(Buffer.from(text))]) {
      // Storage that sends the first 2 KB, then goes away.
      const open: OpenFile = () =>
        Promise.resolve(
          Readable.from(
            (async function* () {
              yield bytes.subarray(0, 2048);
              await new Promise((resolve) => setTimeout(resolve, 5));
              throw new Error("storage went away");
            })(),
          ),
        );
      await expect(recordsOf(open)).rejects.toThrow("storage went away");
    }
  });
});
