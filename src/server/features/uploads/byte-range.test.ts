import { describe, expect, it } from "vitest";
import { parseByteRange } from "./byte-range";

describe("HTTP byte ranges", () => {
  it.each([
    ["bytes=0-99", { start: 0, end: 99 }],
    ["bytes=100-", { start: 100, end: 999 }],
    ["bytes=-10", { start: 990, end: 999 }],
    ["bytes=900-5000", { start: 900, end: 999 }],
    ["bytes=-5000", { start: 0, end: 999 }],
    ["Bytes = 5-9", { start: 5, end: 9 }],
  ])("%s of 1000 bytes", (header, range) => {
    expect(parseByteRange(header, 1000)).toEqual(range);
  });

  it.each(["bytes=1000-", "bytes=1000-1001", "bytes=-0"])(
    "%s of 1000 bytes is unsatisfiable",
    (header) => {
      expect(parseByteRange(header, 1000)).toBe("unsatisfiable");
    },
  );

  // A reversed range is invalid, not unsatisfiable: RFC 9110 §14.1.1 and §14.2 say ignore it.
  it.each([undefined, "", "bytes=0-1,5-6", "items=0-1", "bytes=-", "bytes=5-3", "bytes=2000-10"])(
    "%s means the whole file",
    (header) => {
      expect(parseByteRange(header, 1000)).toBeNull();
    },
  );
});
