/**
 * A page opened at another address than PUBLIC_URL (127.0.0.1 for
 * localhost): its writes are refused with words a person can act on, and the
 * log names the mismatch in exactly one line.
 */
import { Writable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { wrongAddressMessage } from "../../shared/auth-messages";
import { registerErrorHandling } from "./errors";
import { FOREIGN_ORIGIN_MESSAGE, registerOriginGuard } from "./origin-guard";
import { requestLoggingOptions } from "./request-logging";

const PUBLIC_URL = "http://localhost:4000";

async function guardedApp() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().trim().split("\n"));
      done();
    },
  });
  // Typed as the app's own instance: pino's logger type is wider than FastifyBaseLogger.
  const app = Fastify({
    loggerInstance: pino({ level: "info" }, stream),
    ...requestLoggingOptions(),
  }) as unknown as FastifyInstance;
  registerErrorHandling(app);
  registerOriginGuard(app, PUBLIC_URL);
  app.post("/api/auth/sign-in/email", () => ({ ok: true }));
  await app.ready();
  return { app, lines };
}

describe("origin guard", () => {
  it("tells a page at the wrong address of this server which address to open", async () => {
    const { app, lines } = await guardedApp();
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { host: "127.0.0.1:4000", origin: "http://127.0.0.1:4000" },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: "This address is not the portal's configured address: open http://localhost:4000",
      code: "WRONG_ADDRESS",
    });
    expect(response.json<{ message: string }>().message).toBe(wrongAddressMessage(PUBLIC_URL));
    const naming = lines.filter((l) => l.includes("http://127.0.0.1:4000"));
    expect(naming).toHaveLength(1);
    expect(naming[0]).toContain(PUBLIC_URL);
    await app.close();
  });

  it("still calls another site's request what it is", async () => {
    const { app, lines } = await guardedApp();
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { host: "localhost:4000", origin: "https://evil.example" },
      payload: {},
    });
    expect(response.json()).toMatchObject({ message: FOREIGN_ORIGIN_MESSAGE });
    expect(lines.filter((l) => l.includes("evil.example"))).toHaveLength(1);
    await app.close();
  });
});
