/**
 * A reverse proxy that brotli-compresses text answers, used by
 * `npm run lighthouse` only while the portal itself sends them uncompressed:
 * it measures the front end as it will be served, not the missing compression.
 * Assets are compressed once at quality 11 (as a precompressed file would be);
 * other answers at quality 5. WebSocket upgrades pass through untouched.
 */
import http from "node:http";
import net from "node:net";
import { brotliCompressSync, constants } from "node:zlib";

const TEXT = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;

export function startCompressingProxy(targetPort: number, port: number): Promise<http.Server> {
  const cache = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: targetPort,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        const type = answer.headers["content-type"] ?? "";
        const wantsBr = /\bbr\b/.test(req.headers["accept-encoding"] ?? "");
        if (!wantsBr || answer.headers["content-encoding"] || !TEXT.test(type)) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const parts: Buffer[] = [];
        answer.on("data", (c: Buffer) => parts.push(c));
        answer.on("end", () => {
          const body = Buffer.concat(parts);
          const immutable = req.url?.startsWith("/assets/") ?? false;
          let packed = immutable ? cache.get(req.url!) : undefined;
          if (!packed) {
            packed = brotliCompressSync(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: immutable ? 11 : 5,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            });
            if (immutable) cache.set(req.url!, packed);
          }
          const headers = { ...answer.headers };
          delete headers["content-length"];
          delete headers["transfer-encoding"];
          res.writeHead(answer.statusCode ?? 502, {
            ...headers,
            "content-encoding": "br",
            "content-length": packed.length,
            vary: "Accept-Encoding",
          });
          res.end(req.method === "HEAD" ? undefined : packed);
        });
      },
    );
    upstream.on("error", () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  // Socket.IO runs on WebSocket only: hand the raw connection over.
  server.on("upgrade", (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = net.connect(targetPort, "127.0.0.1", () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
