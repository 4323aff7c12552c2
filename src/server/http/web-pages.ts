import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RouteDataLinks } from "./route-data-links";

/** sha256 sources for the CSP: the inline theme script and stylesheet of the built pages. */
export interface InlineHashes {
  scriptSrc: string[];
  styleSrc: string[];
}

/** A client-side route (a React Router path such as "/song/:id") and its built page. */
export interface RoutePage {
  path: string;
  /** The HTML file, relative to the web root. */
  file: string;
  /** The API answers the screen asks for first, preloaded for a signed-in visitor. */
  data?: RouteDataLinks;
}

export interface WebPages {
  /** Every route with a page of its own; other paths get index.html. */
  pages: readonly RoutePage[];
  inlineHashes: InlineHashes;
}

const sha256 = (text: string) =>
  `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The hashes of every attribute-less inline <script> and every <style> in the HTML. */
export function hashInlineBlocks(html: string): InlineHashes {
  return {
    scriptSrc: [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => sha256(m[1]!)),
    styleSrc: [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1]!)),
  };
}

/**
 * Reads the pages the build wrote (scripts/build/prerender.tsx): index.html plus one
 * page per route, listed in pages/routes.json. A build without that list (an
 * older one, or a test's web root) answers every route with index.html.
 */
export function loadWebPages(webRoot: string): WebPages {
  const listFile = path.join(webRoot, "pages", "routes.json");
  const list: RoutePage[] = fs.existsSync(listFile)
    ? (JSON.parse(fs.readFileSync(listFile, "utf8")) as RoutePage[])
    : [];

  const scriptSrc = new Set<string>();
  const styleSrc = new Set<string>();
  for (const file of ["index.html", ...list.map((p) => p.file)]) {
    const full = path.join(webRoot, file);
    if (!fs.existsSync(full)) continue;
    const hashes = hashInlineBlocks(fs.readFileSync(full, "utf8"));
    for (const h of hashes.scriptSrc) scriptSrc.add(h);
    for (const h of hashes.styleSrc) styleSrc.add(h);
  }

  return {
    pages: list,
    inlineHashes: { scriptSrc: [...scriptSrc], styleSrc: [...styleSrc] },
  };
}
