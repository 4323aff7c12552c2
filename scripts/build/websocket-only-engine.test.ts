import fs from "node:fs";
import path from "node:path";
import type { RolldownOutput } from "rolldown";
import { build } from "vite";
import { describe, expect, it } from "vitest";
import { ENGINE_DIR, websocketOnlyEngine } from "./websocket-only-engine";

/** The live link's client (src/web/realtime/socket-io.ts) bundled as the app's build would. */
async function bundleLiveLink(withPlugin: boolean): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: "silent",
    plugins: withPlugin ? [websocketOnlyEngine()] : [],
    build: {
      write: false,
      minify: false,
      lib: { entry: path.resolve("src/web/realtime/socket-io.ts"), formats: ["es"] },
    },
  });
  // One format, not watching: one output.
  const outputs: RolldownOutput[] = Array.isArray(result) ? result : [result as RolldownOutput];
  return outputs
    .flatMap((o) => o.output)
    .map((file) => (file.type === "chunk" ? file.code : ""))
    .join("\n");
}

describe("websocketOnlyEngine", () => {
  it("leaves engine.io-client's polling transport out of the live link's client", async () => {
    // "xhr poll error": the polling transport's request, which only it sends.
    const plain = await bundleLiveLink(false);
    expect(plain).toContain("xhr poll error");
    const trimmed = await bundleLiveLink(true);
    expect(trimmed).not.toContain("xhr poll error");
    // WebSocket, the one transport the link asks for, is still in.
    expect(trimmed).toContain('return "websocket"');
    expect(trimmed.length).toBeLessThan(plain.length);
  }, 30_000);

  it("relies on a socket that takes its transports from one table, and a link on WebSocket only", () => {
    const read = (file: string) => fs.readFileSync(path.join(ENGINE_DIR, file), "utf8");
    expect(read("socket.js")).toContain(
      'import { transports as DEFAULT_TRANSPORTS } from "./transports/index.js";',
    );
    const client = fs.readFileSync(path.resolve("src/web/realtime/realtime-client.ts"), "utf8");
    expect(client).toContain('transports: ["websocket"]');
  });
});
