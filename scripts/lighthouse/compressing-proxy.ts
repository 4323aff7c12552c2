/**
 * A reverse proxy that brotli-compresses text answers, used by
 * `npm run lighthouse` only while the portal itself sends them uncompressed:
 * it measures the front end as it will be served, not the missing compression.
 * Assets are compressed once at quality 11 (as a precompressed file would be);
 * other answers at quality 5. WebSocket upgrades pass through untouched.
 *
 * Given a key and certificate, it serves HTTP/2 over TLS instead (HTTP/1.1
 * for the WebSocket, which Chromium opens on a connection of its own), as a
 * TLS-terminating reverse proxy in front of the portal would
 * (LIGHTHOUSE_HTTP2=1 in scripts/lighthouse/lighthouse.ts).
 */
import http from "node:http";
import http2 from "node:http2";
import net from "node:net";
import { brotliCompressSync, constants } from "node:zlib";

const TEXT = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;

/** Headers HTTP/2 forbids (RFC 9113 §8.2.2); an HTTP/1.1 answer sets its own. */
const CONNECTION_HEADERS = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
];

function withoutConnectionHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !CONNECTION_HEADERS.includes(name)),
  );
}

/** An HTTP/2 request's headers as an HTTP/1.1 request to the portal carries them. */
function upstreamHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const copy: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (!name.startsWith(":")) copy[name] = value;
  const authority = headers[":authority"];
  if (typeof authority === "string") copy.host = authority;
  return copy;
}

export interface ProxyTls {
  key: Buffer;
  cert: Buffer;
}

type ProxyServer = http.Server | http2.Http2SecureServer;

export function startCompressingProxy(
  targetPort: number,
  port: number,
  tls?: ProxyTls,
): Promise<ProxyServer> {
  const cache = new Map<string, Buffer>();
  const handle = (
    req: http.IncomingMessage | http2.Http2ServerRequest,
    // Both answers take writeHead(status, headers) and end(body); HTTP/2's compat API mirrors HTTP/1.1's.
    res: http.ServerResponse,
  ) => {
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: targetPort,
        method: req.method,
        path: req.url,
        headers: upstreamHeaders(req.headers),
      },
      (answer) => {
        const type = answer.headers["content-type"] ?? "";
        const wantsBr = /\bbr\b/.test(req.headers["accept-encoding"] ?? "");
        if (!wantsBr || answer.headers["content-encoding"] || !TEXT.test(type)) {
          res.writeHead(answer.statusCode ?? 502, withoutConnectionHeaders(answer.headers));
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
          const headers = withoutConnectionHeaders(answer.headers);
          delete headers["content-length"];
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
  };
  const server: ProxyServer = tls
    ? http2.createSecureServer({ ...tls, allowHTTP1: true }, (req, res) =>
        handle(req, res as unknown as http.ServerResponse),
      )
    : http.createServer(handle);
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
