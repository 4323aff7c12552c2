// Sums the JSON reports of every runner into the closing line
// "N passed, N failed[, N flaky][, N skipped]". A Playwright test that passed
// only on retry is flaky: named here, and it fails the run like a failure.
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const dir = process.argv[2] ?? ".test-output";
let passed = 0;
let failed = 0;
let skipped = 0;
const flaky = [];
const missing = [];

const lines = (name) => {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
};
const read = (name) => {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    missing.push(name);
    return null;
  }
  return JSON.parse(fs.readFileSync(file, "utf8"));
};

for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!name.startsWith("vitest") || !name.endsWith(".json")) continue;
  const v = read(name);
  passed += v.numPassedTests;
  failed += v.numFailedTests + (v.numRuntimeErrorTestSuites ?? 0);
  // Unhandled errors fail the run without failing a test: count them as one.
  if (v.success === false && v.numFailedTests === 0 && !v.numRuntimeErrorTestSuites) {
    console.log(`${name}: errors outside any test (see the Vitest output above)`);
    failed += 1;
  }
  skipped += v.numPendingTests + v.numTodoTests;
}

/** Every test of a Playwright JSON report, with its file and title path. */
function* playwrightTests(suite, titles = []) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      yield { where: [...titles, spec.title].join(" › "), file: spec.file, test };
    }
  }
  for (const child of suite.suites ?? []) {
    yield* playwrightTests(child, [...titles, child.title]);
  }
}

/**
 * Each failed attempt's error, a few lines of it: the run's last lines are
 * often all that is kept of a CI run, and a flaky journey must be
 * diagnosable from them.
 */
function failedAttempts(name, test) {
  return (test.results ?? [])
    .filter((result) => result.status !== "passed" && result.status !== "skipped")
    .map((result) => {
      const error = result.error ?? result.errors?.[0] ?? {};
      const where = error.location ? ` (${error.location.file}:${error.location.line})` : "";
      const message = stripVTControlCharacters(error.message ?? result.status)
        .split("\n")
        .slice(0, 8);
      const indented = message.map((line) => `    ${line}`).join("\n");
      return `attempt ${result.retry + 1} of ${name} ${result.status}${where}:\n${indented}`;
    });
}

const whyFailed = [];
// One report per shard (playwright-1.json, …), or one (playwright.json).
const pwReports = (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((name) =>
  /^playwright(-\d+)?\.json$/.test(name),
);
for (const name of pwReports) {
  const pw = read(name);
  if (!pw) continue;
  const flakyHere = [];
  passed += pw.stats.expected;
  failed += pw.stats.unexpected;
  skipped += pw.stats.skipped;
  failed += (pw.errors ?? []).length;
  for (const suite of pw.suites ?? []) {
    for (const { where, file, test } of playwrightTests(suite)) {
      if (test.status === "flaky") flakyHere.push(`${file}: ${where}`);
      if (test.status === "flaky" || test.status === "unexpected") {
        whyFailed.push(...failedAttempts(`${file}: ${where}`, test));
      }
    }
  }
  // The stats and the walk must agree, or a flaky test could hide.
  for (let i = flakyHere.length; i < pw.stats.flaky; i++) flakyHere.push("(unnamed flaky test)");
  flaky.push(...flakyHere);
}
for (const why of whyFailed) console.log(why);
for (const f of flaky) console.log(`flaky (passed only on retry): ${f}`);

const expected = new Set(["vitest.json", ...lines("expected-reports.txt")]);
for (const name of expected) {
  if (!fs.existsSync(path.join(dir, name)) && !missing.includes(name)) missing.push(name);
}
for (const m of missing) {
  console.log(`missing report ${m}: its runner did not finish`);
  failed += 1;
}
for (const step of lines("failed-steps.txt")) {
  console.log(`failed: ${step}`);
  failed += 1;
}
const extra = [flaky.length ? `${flaky.length} flaky` : "", skipped ? `${skipped} skipped` : ""];
console.log([`${passed} passed`, `${failed} failed`, ...extra.filter(Boolean)].join(", "));
process.exit(failed + flaky.length > 0 ? 1 : 0);
