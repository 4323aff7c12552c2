// Post-build step: writes NAME.br and NAME.gz beside every compressible file
// of the built web app, at the highest levels (done once per build, not per
// request), so @fastify/static's `preCompressed` serves them with no CPU cost.
// Usage: node scripts/build/precompress.mjs dist/web
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = process.argv[2] ?? "dist/web";
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ico)$/;
/** Below this the saved bytes do not pay for a second request path on the server. */
const MIN_BYTES = 256;

let files = 0;
let raw = 0;
let br = 0;
for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gzip = zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION });
  // A variant that is not smaller is left out: the server then sends the file as is.
  if (brotli.length < data.length) fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < data.length) fs.writeFileSync(`${file}.gz`, gzip);
  files += 1;
  raw += data.length;
  br += Math.min(brotli.length, data.length);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`precompressed ${files} files in ${root}: ${kb(raw)} raw, ${kb(br)} brotli`);
