// Fails the build when dist/ holds anything besides web/, server/ and cli/:
// a build output that shows the layout (the browser's files, the server's,
// the CLI's), with no chunk or map loose beside them.
// Usage: node scripts/build/check-dist-layout.mjs [dist]   (the last step of npm run build)
import fs from "node:fs";
import { pathToFileURL } from "node:url";

export const EXPECTED = ["cli", "server", "web"];

/** What dist/ holds besides its three folders (a file named like one counts too). */
export function looseEntries(dist) {
  return fs
    .readdirSync(dist, { withFileTypes: true })
    .filter((entry) => !(entry.isDirectory() && EXPECTED.includes(entry.name)))
    .map((entry) => entry.name)
    .sort();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dist = process.argv[2] ?? "dist";
  const loose = looseEntries(dist);
  const missing = EXPECTED.filter((name) => !fs.existsSync(`${dist}/${name}`));
  if (loose.length > 0 || missing.length > 0) {
    if (loose.length > 0) console.error(`${dist}/ holds loose entries: ${loose.join(", ")}`);
    if (missing.length > 0) console.error(`${dist}/ lacks: ${missing.join(", ")}`);
    console.error(
      `Only ${EXPECTED.join("/, ")}/ belong in ${dist}/ (scripts/build/build-server.mjs).`,
    );
    process.exit(1);
  }
}
