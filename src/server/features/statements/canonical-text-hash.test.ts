import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CanonicalTextHash } from "./canonical-text-hash";

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

/** The canonical hash of `text` fed in chunks of `size` bytes. */
function canonical(text: string | Buffer, size = 1 << 20) {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const hash = new CanonicalTextHash();
  for (let at = 0; at < bytes.length; at += size) hash.update(bytes.subarray(at, at + size));
  return { digest: hash.digest(), changed: hash.changed };
}

const LF_FILE = "ISRC,Net Revenue\nINA1B2600001,100\nINA1B2600002,5\n";

describe("CanonicalTextHash", () => {
  it("hashes a file of LF lines without a BOM as its bytes", () => {
    expect(canonical(LF_FILE)).toEqual({ digest: sha(LF_FILE), changed: false });
  });

  it("hashes the same lines saved with CRLF, a BOM, or both, as the LF file", () => {
    const crlf = LF_FILE.replace(/\n/g, "\r\n");
    for (const text of [crlf, `\uFEFF${LF_FILE}`, `\uFEFF${crlf}`]) {
      for (const size of [1, 2, 3, 7, 1 << 20]) {
        expect(canonical(text, size), `${JSON.stringify(text)} in ${size}`).toEqual({
          digest: sha(LF_FILE),
          changed: true,
        });
      }
    }
  });

  it("keeps a CR that no LF follows, at a chunk's end too, and a BOM later in the text", () => {
    const text = "a\rb\r\nc\r";
    for (const size of [1, 2, 4, 100]) expect(canonical(text, size).digest).toBe(sha("a\rb\nc\r"));
    expect(canonical("x\uFEFFy").digest).toBe(sha("x\uFEFFy"));
  });

  it("tells different lines apart", () => {
    expect(canonical(LF_FILE).digest).not.toBe(canonical(LF_FILE.replace("100", "101")).digest);
  });
});

describe("CanonicalTextHash on short texts", () => {
  it("hashes a text shorter than a BOM as it is", () => {
    for (const text of ["", "a", "a\r"]) expect(canonical(text, 1).digest).toBe(sha(text));
    expect(canonical("\uFEFF", 1).digest).toBe(sha(""));
  });
});
