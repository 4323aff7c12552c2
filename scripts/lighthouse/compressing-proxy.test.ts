import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo, Socket } from "node:net";
import tlsClient from "node:tls";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCompressingProxy, type ProxyTls } from "./compressing-proxy";
import { selfSignedCertificate } from "./self-signed-certificate";

const BODY = "console.log('the portal's script');".repeat(50);

let upstream: http.Server;
let seen: http.IncomingHttpHeaders[] = [];
let tls: ProxyTls;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    seen.push(req.headers);
    // A connection header an HTTP/2 answer must not carry.
    res.writeHead(200, { "content-type": "application/javascript", connection: "keep-alive" });
    res.end(BODY);
  });
  // The live link's handshake: the portal answers 101 and echoes what follows.
  upstream.on("upgrade", (req: http.IncomingMessage, socket: Socket) => {
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nX-Path: ${req.url}\r\n\r\n`,
    );
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  tls = selfSignedCertificate();
});

afterAll(() => {
  upstream.close();
});

const upstreamPort = () => (upstream.address() as AddressInfo).port;

describe("the Lighthouse proxy", () => {
  it("compresses an uncompressed script over HTTP/1.1", async () => {
    seen = [];
    const proxy = await startCompressingProxy(upstreamPort(), 0);
    try {
      const { port } = proxy.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/assets/a.js`, {
        headers: { "accept-encoding": "br" },
      });
      expect(answer.headers.get("content-encoding")).toBe("br");
      expect(await answer.text()).toBe(BODY);
    } finally {
      proxy.close();
    }
  });

  it("serves HTTP/2 over TLS, forwarding as HTTP/1.1 with the request's host", async () => {
    seen = [];
    const proxy = await startCompressingProxy(upstreamPort(), 0, tls);
    const { port } = proxy.address() as AddressInfo;
    const session = http2.connect(`https://localhost:${port}`, { rejectUnauthorized: false });
    try {
      const answer = await new Promise<{ headers: http2.IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          const stream = session.request({ ":path": "/assets/a.js", "accept-encoding": "br" });
          let headers: http2.IncomingHttpHeaders = {};
          const parts: Buffer[] = [];
          stream.on("response", (h) => (headers = h));
          stream.on("data", (chunk: Buffer) => parts.push(chunk));
          stream.on("end", () => resolve({ headers, body: Buffer.concat(parts) }));
          stream.on("error", reject);
        },
      );
      expect(answer.headers[":status"]).toBe(200);
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(answer.headers.connection).toBeUndefined();
      expect(brotliDecompressSync(answer.body).toString()).toBe(BODY);
      // The portal sees an ordinary request: no pseudo-headers, the page's host.
      expect(seen).toHaveLength(1);
      expect(Object.keys(seen[0]!).some((name) => name.startsWith(":"))).toBe(false);
      expect(seen[0]!.host).toBe(`localhost:${port}`);
    } finally {
      session.close();
      proxy.close();
    }
  });

  it("hands a WebSocket upgrade over TLS (HTTP/1.1, as Chromium opens it) to the portal", async () => {
    const proxy = await startCompressingProxy(upstreamPort(), 0, tls);
    const { port } = proxy.address() as AddressInfo;
    const socket = tlsClient.connect({
      port,
      host: "127.0.0.1",
      servername: "localhost",
      rejectUnauthorized: false,
      ALPNProtocols: ["http/1.1"],
    });
    try {
      let received = "";
      socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
      socket.write(
        "GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: localhost\r\n" +
          "Connection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
      );
      await expect.poll(() => received).toContain("101 Switching Protocols");
      expect(received).toContain("X-Path: /socket.io/?EIO=4&transport=websocket");
      // Frames then flow both ways through the proxy.
      socket.write("ping");
      await expect.poll(() => received).toMatch(/\r\n\r\nping$/);
    } finally {
      socket.destroy();
      proxy.close();
    }
  });
});
