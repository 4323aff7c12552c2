/**
 * Prints, per route, the brotli (and gzip) size of the JavaScript and CSS the
 * route loads before it is interactive, from the production build (run
 * `npm run build` first): the entry and its static imports, the route's lazy
 * modules with theirs, and what the route imports right after its first render
 * (socket.io-client on the chat routes). Exits 1 when a first route (/login,
 * /) is over the 120 KB brotli budget.
 */
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { routeChunks } from "../src/web/app/route-chunks";
import { distWeb, readManifest, routeFiles } from "./build-manifest";

const BUDGET_BROTLI = 120 * 1024;
/** Where a visit starts: signed out at /login, signed in at /. Other routes are shown for information. */
const FIRST_ROUTES = new Set(["/login", "/"]);

const manifest = readManifest();
const sizes = new Map<string, { br: number; gz: number }>();
function size(file: string) {
  let s = sizes.get(file);
  if (!s) {
    const bytes = fs.readFileSync(path.join(distWeb, file));
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length;
    s = { br, gz: gzipSync(bytes, { level: 9 }).length };
    sizes.set(file, s);
  }
  return s;
}
const sum = (files: Iterable<string>, k: "br" | "gz") =>
  [...files].reduce((total, f) => total + size(f)[k], 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const rows: string[][] = [];
let over = false;
for (const route of routeChunks) {
  const { js, css } = routeFiles(manifest, route);
  const total = sum(js, "br") + sum(css, "br");
  const budgeted = FIRST_ROUTES.has(route.path);
  if (budgeted && total > BUDGET_BROTLI) over = true;
  rows.push([
    route.path,
    kb(sum(js, "br")),
    kb(sum(css, "br")),
    kb(total),
    kb(sum(js, "gz") + sum(css, "gz")),
    String(js.size),
    budgeted ? (total > BUDGET_BROTLI ? "OVER" : "ok") : "",
  ]);
}
const head = [
  "route",
  "JS br",
  "CSS br",
  "total br",
  "total gzip",
  "chunks",
  "first route ≤ 120 KB",
];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join("  ");
console.log(line(head));
for (const r of rows) console.log(line(r));
if (over) {
  console.error(`Over the ${kb(BUDGET_BROTLI)} brotli budget.`);
  process.exitCode = 1;
}
