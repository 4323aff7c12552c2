import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const folder = path.resolve("docs/decisions");
const records = fs.readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = fs.readFileSync(path.join(folder, "README.md"), "utf8");

/** The numbers the index's "Numbers without a record" table explains: "011, 012" or "031–039". */
function explainedNumbers(readme: string): number[] {
  const section = readme.split(/^## Numbers without a record$/m)[1] ?? "";
  const numbers: number[] = [];
  for (const line of section.split("\n")) {
    const cell = /^\|\s*(\d{3}[\d\s,–-]*?)\s*\|/.exec(line)?.[1];
    if (!cell) continue;
    for (const part of cell.split(",")) {
      const [from, to = from] = part.split(/[–-]/).map((n) => Number(n.trim()));
      for (let n = from!; n <= to!; n++) numbers.push(n);
    }
  }
  return numbers;
}

describe("docs/decisions/README.md", () => {
  it("indexes every decision record, and names only records that exist", () => {
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(records.filter((name) => !linked.includes(name))).toEqual([]);
    expect(linked.filter((name) => !records.includes(name!))).toEqual([]);
  });

  it("says why each number from 001 to the highest record has no record", () => {
    const taken = new Set(records.map((name) => Number(name.slice(0, 3))));
    const explained = explainedNumbers(index);
    const highest = Math.max(...taken);
    const unexplained: string[] = [];
    for (let n = 1; n <= highest; n++) {
      if (!taken.has(n) && !explained.includes(n)) unexplained.push(String(n).padStart(3, "0"));
    }
    expect(unexplained).toEqual([]);
    // A number both taken and "without a record" is a stale line of the table.
    expect(explained.filter((n) => taken.has(n))).toEqual([]);
  });

  it("reads number lists and ranges from the table", () => {
    const readme =
      "## Numbers without a record\n\n| a | b |\n| --- | --- |\n| 011, 015–017 | x |\n";
    expect(explainedNumbers(readme)).toEqual([11, 15, 16, 17]);
  });
});

describe("docs/decisions records", () => {
  it("each record has a date line near its top", () => {
    const undated = records.filter((name) => {
      const head = fs.readFileSync(path.join(folder, name), "utf8").split("\n").slice(0, 8);
      return !head.some((line) => /^(- )?Date: \d{4}-\d{2}-\d{2}\b/.test(line));
    });
    expect(undated).toEqual([]);
  });
});
