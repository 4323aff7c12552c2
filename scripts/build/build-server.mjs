// Builds the server and the CLI (dist/server/main.js, dist/cli/main.js) with esbuild.
// Usage: node scripts/build/build-server.mjs   (npm run build:server)
//
// Every file lands under dist/server/ or dist/cli/: the code both entries
// share goes to dist/server/chunks/, so dist/ itself holds only web/, server/
// and cli/ (checked after each build by check-dist-layout.mjs).
//
// The packages the embedded default loads at start are bundled in: Node
// then reads a few files instead of resolving, reading and linking more than
// a thousand ES modules one by one (kysely, zod, better-auth, fastify...),
// which was most of the start-up (issue 24, docs/benchmarks.md). Kept
// outside, loaded from node_modules as before:
// - native add-ons, which find their binary next to their own files;
// - what only PostgreSQL, Redis, S3 or SMTP use, or only the first mail
//   or the first imported password needs: loaded later, if ever, by a
//   dynamic import.
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

export const EXTERNAL = [
  // Native add-ons (and the optional ones ws and pg look for).
  "better-sqlite3",
  "bufferutil",
  "utf-8-validate",
  "pg-native",
  // Engines other than the embedded default, and mail rendering.
  "pg",
  "pg-boss",
  // CommonJS, imported dynamically with the first bulk load (see firebase-scrypt below).
  "pg-copy-streams",
  "ioredis",
  "@socket.io/redis-adapter",
  "@aws-sdk/*",
  "@tus/s3-store",
  "nodemailer",
  "@react-email/*",
  // Imported dynamically with the first imported password hash. A bundled
  // CommonJS package loses its named exports behind a dynamic import
  // (esbuild's split chunk exports only `default`); Node's own loader keeps them.
  "firebase-scrypt",
  "react",
  "react-dom",
  // Development only (the /api/docs page), absent from a production install.
  "@fastify/swagger-ui",
  // Fastify's JSON Schema compilers (Ajv, fast-json-stringify): required only
  // when no compiler factory is given, and app.ts gives one (every schema is
  // Zod's), so they never load; bundled, their 0.5 MB was parsed at every start.
  "@fastify/ajv-compiler",
  "@fastify/fast-json-stringify-compiler",
];

// Bundled CommonJS calls require() for Node's own modules and the packages
// left outside; an ES module has no require, so every output file makes one.
const banner =
  'import { createRequire as __createRequire } from "node:module";\n' +
  "const require = __createRequire(import.meta.url);";

/** @type {import("esbuild").BuildOptions} */
export const serverBuildOptions = {
  entryPoints: ["src/server/main.ts", "src/cli/main.ts"],
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: EXTERNAL,
  sourcemap: true,
  // Half the bytes to parse at start, and a third less memory held at idle
  // (docs/benchmarks.md). The maps ship beside the bundles; `npm start` does
  // not load them (56 MB at idle, decision 112): NODE_OPTIONS=--enable-source-maps
  // maps stack traces when needed; the CLI and the journeys' server always do.
  minify: true,
  outdir: "dist",
  outbase: "src",
  // Entries keep their place under src/ (server/main.js, cli/main.js); the
  // split chunks go beside the server's, not loose in dist/.
  entryNames: "[dir]/[name]",
  chunkNames: "server/chunks/[name]-[hash]",
  banner: { js: banner },
  logLevel: "warning",
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await esbuild.build(serverBuildOptions);
}
