import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { requestLoggingOptions } from "./request-logging";

describe("request logging", () => {
  it("writes one line per request with method, url, status and duration", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ logger: { level: "info", stream }, ...requestLoggingOptions });
    app.get("/api/thing", () => ({ ok: true }));
    await app.inject({ url: "/api/thing?x=1" });
    await app.inject({ url: "/api/missing" });
    await app.close();

    const requests = lines.filter((l) => l.msg === "request");
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ method: "GET", url: "/api/thing?x=1", statusCode: 200 });
    expect(requests[0]!.reqId).toBeTruthy();
    expect(typeof requests[0]!.ms).toBe("number");
    expect(requests[1]).toMatchObject({ url: "/api/missing", statusCode: 404 });
    // Fastify's own two lines per request are gone.
    expect(lines.some((l) => l.msg === "incoming request" || l.msg === "request completed")).toBe(
      false,
    );
  });
});
