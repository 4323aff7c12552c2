import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const vitest = { numPassedTests: 5, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 };
const test = (status: string) => ({ status, results: [] });
/** A Playwright JSON report shaped like the real one: file suite › describe › spec. */
function playwright(statuses: string[]) {
  const stat = (s: string) => statuses.filter((x) => x === s).length;
  return {
    stats: {
      expected: stat("expected"),
      unexpected: stat("unexpected"),
      flaky: stat("flaky"),
      skipped: stat("skipped"),
    },
    errors: [],
    suites: [
      {
        title: "songs.spec.ts",
        file: "songs.spec.ts",
        specs: [],
        suites: [
          {
            title: "the song list",
            file: "songs.spec.ts",
            specs: statuses.map((s, i) => ({
              title: `journey ${i}`,
              file: "songs.spec.ts",
              tests: [test(s)],
            })),
          },
        ],
      },
    ],
  };
}

function count(files: Record<string, unknown>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "count-results-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(
      path.join(dir, name),
      typeof content === "string" ? content : JSON.stringify(content),
    );
  }
  const run = spawnSync(process.execPath, ["scripts/test/count-results.mjs", dir], {
    encoding: "utf8",
  });
  const out = run.stdout.trim().split("\n");
  return { status: run.status, closing: out.at(-1), out: run.stdout };
}

describe("count-results", () => {
  it("passes when every report is green", () => {
    const r = count({ "vitest.json": vitest, "playwright.json": playwright(["expected"]) });
    expect(r.closing).toBe("6 passed, 0 failed");
    expect(r.status).toBe(0);
  });

  it("names a test that passed only on retry as flaky in the closing line and fails", () => {
    const r = count({
      "vitest.json": vitest,
      "playwright.json": playwright(["expected", "flaky"]),
    });
    expect(r.closing).toBe("6 passed, 0 failed, 1 flaky");
    expect(r.out).toContain(
      "flaky (passed only on retry): songs.spec.ts: the song list › journey 1",
    );
    expect(r.status).toBe(1);
  });

  it("fails on a failed step and on a report that was expected but never written", () => {
    const r = count({
      "vitest.json": vitest,
      "failed-steps.txt": "npm run check\n",
      "expected-reports.txt": "vitest-postgres.json\nplaywright.json\n",
    });
    expect(r.out).toContain("failed: npm run check");
    expect(r.out).toContain("missing report vitest-postgres.json");
    expect(r.out).toContain("missing report playwright.json");
    expect(r.closing).toBe("5 passed, 3 failed");
    expect(r.status).toBe(1);
  });
  it("sums the shards' reports and names a flaky journey of either", () => {
    const r = count({
      "vitest.json": vitest,
      "expected-reports.txt": "playwright-1.json\nplaywright-2.json\n",
      "playwright-1.json": playwright(["expected", "expected"]),
      "playwright-2.json": playwright(["expected", "flaky", "unexpected"]),
    });
    expect(r.closing).toBe("8 passed, 1 failed, 1 flaky");
    expect(r.out).toContain(
      "flaky (passed only on retry): songs.spec.ts: the song list › journey 1",
    );
    expect(r.status).toBe(1);
  });

  it("prints each failed attempt's error, without colours, so CI's last lines explain a flake", () => {
    const report = playwright(["flaky"]);
    const spec = report.suites[0]!.suites[0]!.specs[0]!;
    spec.tests = [
      {
        status: "flaky",
        results: [
          {
            retry: 0,
            status: "failed",
            error: {
              message:
                "\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: getByText('Rs.1,445.00')",
              location: { file: "/ci/e2e/songs.spec.ts", line: 112 },
            },
          },
          { retry: 1, status: "passed" },
        ],
      } as never,
    ];
    const r = count({ "vitest.json": vitest, "playwright.json": report });
    expect(r.out).toContain(
      "attempt 1 of songs.spec.ts: the song list › journey 0 failed (/ci/e2e/songs.spec.ts:112):\n" +
        "    Error: expect(locator).toBeVisible() failed\n",
    );
    expect(r.out).toContain("    Locator: getByText('Rs.1,445.00')");
    expect(r.out).not.toContain("attempt 2");
    expect(r.closing).toBe("5 passed, 0 failed, 1 flaky");
  });

  it("counts a shard that never wrote its report as a failure", () => {
    const r = count({
      "vitest.json": vitest,
      "expected-reports.txt": "playwright-1.json\nplaywright-2.json\n",
      "playwright-1.json": playwright(["expected"]),
    });
    expect(r.out).toContain("missing report playwright-2.json");
    expect(r.closing).toBe("6 passed, 1 failed");
  });
});
