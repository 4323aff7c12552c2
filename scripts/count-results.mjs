// Sums the JSON reports of every runner into the closing "N passed, N failed" line.
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? ".test-output";
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

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
const pw = read("playwright.json");
if (pw) {
  passed += pw.stats.expected + pw.stats.flaky;
  failed += pw.stats.unexpected;
  skipped += pw.stats.skipped;
  failed += (pw.errors ?? []).length;
}
if (!fs.existsSync(path.join(dir, "vitest.json"))) missing.push("vitest.json");
for (const m of missing) {
  console.log(`missing report ${m}: its runner did not finish`);
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
