import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PRIVATE_FILE_MODE } from "../storage/private-files";
import { dataDirSecret } from "./secret";

const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("a secret kept in DATA_DIR", () => {
  it("is generated once, kept private, and read back as it was", () => {
    const dir = freshDir();
    const first = dataDirSecret(dir, "key", () => "a".repeat(64));
    expect(first).toBe("a".repeat(64));
    expect(dataDirSecret(dir, "key", () => "b".repeat(64))).toBe(first);
    expect(fs.statSync(path.join(dir, "key")).mode & 0o777).toBe(PRIVATE_FILE_MODE);
    expect(fs.readdirSync(dir)).toEqual(["key"]);
  });

  it("is never read half-written by a process starting at the same moment", () => {
    const dir = freshDir();
    const write = fs.writeFileSync.bind(fs);
    let interrupted = false;
    let other = "";
    // The first write is caught between its file's creation and its content: the other process starts then.
    vi.spyOn(fs, "writeFileSync").mockImplementation((file, data, options) => {
      if (!interrupted) {
        interrupted = true;
        fs.closeSync(fs.openSync(file as string, "wx", PRIVATE_FILE_MODE));
        other = dataDirSecret(dir, "key", () => "b".repeat(64));
        fs.rmSync(file as string);
      }
      write(file, data, options);
    });
    const mine = dataDirSecret(dir, "key", () => "a".repeat(64));
    expect(other).toMatch(/^[ab]{64}$/);
    expect(mine).toBe(other);
    expect(fs.readFileSync(path.join(dir, "key"), "utf8")).toBe(mine);
    expect(fs.readdirSync(dir)).toEqual(["key"]);
  });

  it("refuses an empty file rather than start with no secret", () => {
    const dir = freshDir();
    fs.writeFileSync(path.join(dir, "key"), "\n");
    expect(() => dataDirSecret(dir, "key", () => "a".repeat(64))).toThrow(/key is empty/);
  });
});
