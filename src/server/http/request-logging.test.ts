import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { LOG_REDACT_PATHS, REDACTED } from "./log-redaction";
import { decorateRequestUser, requestLoggingOptions } from "./request-logging";

/** An app logging at `level` into memory, as the portal's logger is set up (redact included). */
function loggedApp(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      raw.push(chunk.toString());
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream, redact: { paths: LOG_REDACT_PATHS, censor: REDACTED } },
    ...requestLoggingOptions(),
  });
  decorateRequestUser(app);
  return { app, lines, raw };
}

const COOKIE = "better-auth.session_token=cookie-secret.sig";
const BEARER = "Bearer header-secret";
const PASSWORD = "Body-secret-1!";

describe("request logging", () => {
  it("writes one line per request with method, url, status, duration, request and user id", async () => {
    const { app, lines } = loggedApp();
    app.get("/api/thing", (request) => {
      request.sessionUserId = "user-1";
      return { ok: true };
    });
    await app.inject({ url: "/api/thing?x=1" });
    await app.inject({ url: "/api/missing" });
    await app.close();

    const requests = lines.filter((l) => l.msg === "request");
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 30,
      method: "GET",
      url: "/api/thing?x=1",
      statusCode: 200,
      userId: "user-1",
    });
    expect(requests[0]!.reqId).toBeTruthy();
    expect(typeof requests[0]!.ms).toBe("number");
    expect(typeof requests[0]!.time).toBe("number");
    expect(requests[1]).toMatchObject({ url: "/api/missing", statusCode: 404 });
    // No user checked: no user id.
    expect(requests[1]).not.toHaveProperty("userId");
    // Fastify's own two lines per request are gone.
    expect(lines.some((l) => l.msg === "incoming request" || l.msg === "request completed")).toBe(
      false,
    );
  });

  it("carries the same request id as the lines the route logs", async () => {
    const { app, lines } = loggedApp();
    app.get("/api/thing", (request) => {
      request.log.info("inside");
      return { ok: true };
    });
    await app.inject({ url: "/api/thing" });
    await app.close();
    const inside = lines.find((l) => l.msg === "inside");
    const line = lines.find((l) => l.msg === "request");
    expect(inside?.reqId).toBeTruthy();
    expect(line?.reqId).toBe(inside?.reqId);
  });

  it("is not written when the level is above info", async () => {
    const { app, lines } = loggedApp("warn");
    app.get("/api/thing", () => ({ ok: true }));
    await app.inject({ url: "/api/thing" });
    await app.close();
    expect(lines).toEqual([]);
  });

  it("never holds a cookie, an authorization header, a password or a URL's token; route logs are still redacted", async () => {
    const { app, lines, raw } = loggedApp("trace");
    app.post("/api/thing", (request) => {
      // What a careless route might log: the redacting logger still censors it.
      request.log.info({ headers: request.headers, body: request.body }, "careless");
      return { ok: true };
    });
    app.post("/api/fails", () => {
      throw new Error("failed");
    });
    for (const url of ["/api/thing?token=url-secret", "/api/fails"]) {
      await app.inject({
        method: "POST",
        url,
        headers: { cookie: COOKIE, authorization: BEARER },
        payload: { password: PASSWORD, newPassword: PASSWORD },
      });
    }
    await app.close();

    const log = raw.join("");
    for (const secret of ["cookie-secret", "header-secret", PASSWORD, "url-secret"]) {
      expect(log).not.toContain(secret);
    }
    expect(lines.find((l) => l.msg === "careless")).toMatchObject({
      headers: { cookie: REDACTED, authorization: REDACTED },
      body: { password: REDACTED, newPassword: REDACTED },
    });
    expect(lines.find((l) => l.msg === "request")).toMatchObject({
      url: `/api/thing?token=${REDACTED}`,
      statusCode: 200,
    });
    // A route's error is answered by the error handler: the request still ends in one line.
    expect(lines.filter((l) => l.msg === "request").map((l) => l.statusCode)).toEqual([200, 500]);
  });
});
