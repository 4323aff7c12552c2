import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
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
});
