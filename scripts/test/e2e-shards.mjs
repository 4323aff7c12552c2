// Splits the browser journeys into shards of about equal time, for the
// shards that run side by side (scripts/test/test-all.sh). Playwright's own
// --shard splits by test count, which left one shard three minutes longer
// than the other. Each journey file's seconds come from a CI run on a slow
// host (e2e/durations.json); a file not listed there counts as the median.
// Usage: node scripts/test/e2e-shards.mjs SHARD OF  → the shard's files, comma-separated.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Longest first, each onto the shard with the least time so far (ties: the
 * lower shard): every file in exactly one shard, the same split every run.
 */
export function planShards(files, seconds, count) {
  const known = files.map((f) => seconds[f]).filter((s) => typeof s === "number");
  const sorted = [...known].sort((a, b) => a - b);
  const median = sorted.length > 0 ? sorted[Math.floor(sorted.length / 2)] : 1;
  const weight = (f) => (typeof seconds[f] === "number" ? seconds[f] : median);
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  const order = [...files].sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : a > b ? 1 : 0));
  for (const file of order) {
    const lightest = shards.reduce((best, s) => (s.seconds < best.seconds ? s : best));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  for (const s of shards) s.files.sort();
  return shards;
}

function main() {
  const [shard, count] = process.argv.slice(2).map(Number);
  if (!Number.isInteger(shard) || !Number.isInteger(count) || shard < 1 || shard > count) {
    console.error("usage: node scripts/test/e2e-shards.mjs SHARD OF");
    process.exit(2);
  }
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../e2e");
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".spec.ts"));
  const seconds = JSON.parse(fs.readFileSync(path.join(dir, "durations.json"), "utf8"));
  console.log(planShards(files, seconds, count)[shard - 1].files.join(","));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
