import { describe, expect, it } from "vitest";
import { CopyRows, copyText } from "./statement-copy-text";

describe("COPY text", () => {
  it("escapes what COPY's text format reads specially, and only that", () => {
    expect(copyText("plain ₹ text")).toBe("plain ₹ text");
    expect(copyText("a\\b\tc\nd\re")).toBe("a\\\\b\\tc\\nd\\re");
  });

  it("sends every row whole and in order, in chunks of at most a megabyte", () => {
    const rows = new CopyRows();
    const sent: Buffer[] = [];
    const expected: string[] = [];
    for (let i = 0; i < 200_000; i++) {
      // Multi-byte text (3 bytes a character) and, now and then, a row longer than a chunk.
      const row = i % 100_000 === 5 ? `${"x".repeat(2_000_000)}\n` : `${i}\tनमस्ते\n`;
      expected.push(row);
      const full = rows.add(row);
      if (full) sent.push(full);
    }
    const last = rows.take();
    if (last) sent.push(last);
    expect(rows.take()).toBeNull();
    expect(Buffer.concat(sent).toString("utf8")).toBe(expected.join(""));
    // A chunk over a megabyte is one that carries a long row.
    const long = sent.filter((chunk) => chunk.length > 1024 * 1024);
    expect(long).toHaveLength(2);
    expect(sent.length).toBeGreaterThan(4);
  });
});
