import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const folder = path.resolve("docs/decisions");

describe("docs/decisions/README.md", () => {
  it("indexes every decision record, and names only records that exist", () => {
    const records = fs.readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name));
    const index = fs.readFileSync(path.join(folder, "README.md"), "utf8");
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(records.filter((name) => !linked.includes(name))).toEqual([]);
    expect(linked.filter((name) => !records.includes(name!))).toEqual([]);
  });
});
