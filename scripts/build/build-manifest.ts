/**
 * Reads Vite's build manifest (dist/web/.vite/manifest.json) and answers which
 * files a route loads: the entry and everything it imports statically, then
 * each lazy route module with its static imports, as the browser fetches them.
 */
import fs from "node:fs";
import path from "node:path";
import type { RouteChunks } from "../../src/web/app/route-chunks";

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const distWeb = path.resolve("dist/web");

export function readManifest(dist = distWeb): Manifest {
  const file = path.join(dist, ".vite", "manifest.json");
  if (!fs.existsSync(file)) {
    throw new Error("No build manifest found: run `npm run build` first.");
  }
  return JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error("No entry chunk in the build manifest.");
  return key;
}

/** A chunk and its static imports, depth first, with the CSS they pull in. */
export function staticClosure(
  manifest: Manifest,
  key: string,
  out = { js: new Set<string>(), css: new Set<string>() },
) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (out.js.has(chunk.file)) return out;
  out.js.add(chunk.file);
  for (const css of chunk.css ?? []) out.css.add(css);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, out);
  return out;
}

/** Everything a route loads before it is interactive, entry included. */
export function routeFiles(manifest: Manifest, route: RouteChunks) {
  const out = staticClosure(manifest, entryKey(manifest));
  for (const key of [...route.modules, ...(route.afterRender ?? [])]) {
    staticClosure(manifest, key, out);
  }
  return out;
}

/** Only the route's own files, beyond the entry's (what a preload adds). */
export function routeOwnFiles(manifest: Manifest, route: RouteChunks) {
  const entry = staticClosure(manifest, entryKey(manifest));
  const all = routeFiles(manifest, route);
  return {
    js: [...all.js].filter((f) => !entry.js.has(f)),
    css: [...all.css].filter((f) => !entry.css.has(f)),
  };
}
