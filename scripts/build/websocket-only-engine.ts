import path from "node:path";
import type { Plugin } from "vite";

/** engine.io-client's ES build, whose socket.js imports the default transport table. */
const engineBuild = /[\\/]node_modules[\\/]engine\.io-client[\\/]build[\\/]esm[\\/]/;
const TABLE_IMPORT = "./transports/index.js";
const TABLE_ID = "\0websocket-only-transports";
/** Where the installed engine.io-client's ES build is. */
export const ENGINE_DIR = path.resolve("node_modules/engine.io-client/build/esm");

/**
 * The live link opens with `transports: ["websocket"]` only
 * (src/web/realtime/realtime-client.ts), so engine.io-client's HTTP
 * long-polling and WebTransport code never runs in the portal. Its socket
 * still imports them all through its default transport table, which keeps
 * them in the bundle. This build swaps that table for one holding WebSocket
 * alone (about 1.5 KB brotli off every signed-in page, docs/benchmarks.md).
 * websocket-only-engine.test.ts bundles the live link's client with and
 * without it, and fails when an engine.io-client upgrade brings the polling
 * code back.
 */
export function websocketOnlyEngine(): Plugin {
  return {
    name: "websocket-only-engine",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === TABLE_IMPORT && importer && engineBuild.test(importer)) return TABLE_ID;
      return null;
    },
    load(id) {
      if (id !== TABLE_ID) return null;
      return websocketOnlyTable(ENGINE_DIR);
    },
  };
}

/** The replacement module: the same export, WebSocket only (the browser's build of it). */
function websocketOnlyTable(engineDir: string): string {
  const websocket = JSON.stringify(path.join(engineDir, "transports", "websocket.js"));
  return `import { WS } from ${websocket};\nexport const transports = { websocket: WS };\n`;
}
