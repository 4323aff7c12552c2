/**
 * Prints the gzip size of the JavaScript and CSS each entry route loads from
 * the production build (run `npm run build` first). Follows static imports from
 * the entry plus the lazy route chunk of each route, as the browser does.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = path.resolve("dist/web");
if (!fs.existsSync(path.join(dist, "index.html"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length;

/** A chunk and every chunk it imports statically (what loads before it runs). */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = fs.readFileSync(path.join(dist, file), "utf8");
  for (const m of code.matchAll(/(?:import|from)\s*["']\.\/([\w.-]+\.js)["']/g)) {
    closure(`assets/${m[1]}`, seen);
  }
  return seen;
}

const entry = /src="\/(assets\/[\w.-]+\.js)"/.exec(html)?.[1];
const css = [...html.matchAll(/href="\/(assets\/[\w.-]+\.css)"/g)].map((m) => m[1]!);
if (!entry) throw new Error("entry script not found in index.html");
const assets = fs.readdirSync(path.join(dist, "assets"));
const chunk = (prefix: string) => {
  const name = assets.find((a) => a.startsWith(`${prefix}-`) && a.endsWith(".js"));
  if (!name) throw new Error(`no chunk named ${prefix}`);
  return `assets/${name}`;
};

/** Route → the lazy page chunks it renders (see src/web/app/router.tsx). */
const routes: Record<string, string[]> = {
  "/login": ["login-page"],
  "/": ["chat-layout", "chat-home"],
};

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const [route, pages] of Object.entries(routes)) {
  const files = new Set<string>();
  for (const f of closure(entry)) files.add(f);
  for (const p of pages) for (const f of closure(chunk(p))) files.add(f);
  const js = [...files].reduce((sum, f) => sum + gz(f), 0);
  const cssSize = css.reduce((sum, f) => sum + gz(f), 0);
  console.log(
    `${route.padEnd(8)} JS ${kb(js).padStart(9)} gzip   CSS ${kb(cssSize).padStart(8)} gzip   (${files.size} chunks)`,
  );
}
