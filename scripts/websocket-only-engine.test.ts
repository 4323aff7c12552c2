import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { websocketOnlyTable } from "./websocket-only-engine";

const engineDir = path.resolve("node_modules/engine.io-client/build/esm");
const read = (file: string) => fs.readFileSync(path.join(engineDir, file), "utf8");

describe("websocketOnlyEngine", () => {
  it("still finds what it relies on in the installed engine.io-client", () => {
    // The socket takes its default transports from this import, and only there.
    expect(read("socket.js")).toContain(
      'import { transports as DEFAULT_TRANSPORTS } from "./transports/index.js";',
    );
    expect(read("transports/index.js")).toMatch(/export const transports = \{/);
    // The browser's WebSocket transport, under the name the table gives it.
    expect(read("transports/websocket.js")).toMatch(/export class WS extends /);
  });

  it("offers WebSocket alone, as the live link asks for", () => {
    const table = websocketOnlyTable(engineDir);
    expect(table).toContain(JSON.stringify(path.join(engineDir, "transports", "websocket.js")));
    expect(table).toContain("export const transports = { websocket: WS };");
    expect(table).not.toMatch(/polling|webtransport/i);
    const client = fs.readFileSync(path.resolve("src/web/realtime/realtime-client.ts"), "utf8");
    expect(client).toContain('transports: ["websocket"]');
  });
});
