import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandling } from "./errors";
import {
  SERVICE_UNAVAILABLE_MESSAGE,
  STORAGE_FULL_MESSAGE,
  unavailableOf,
} from "./unavailable-errors";

const withCode = (message: string, code: string, cause?: unknown) =>
  Object.assign(new Error(message, { cause }), { code });

describe("unavailable errors", () => {
  it("recognises a full disk from SQLite, the OS and PostgreSQL", () => {
    for (const code of ["SQLITE_FULL", "ENOSPC", "EDQUOT", "53100"]) {
      expect(unavailableOf(withCode("full", code))?.code).toBe("STORAGE_FULL");
    }
  });

  it("recognises a database that went away, also wrapped in a cause", () => {
    const terminated = withCode("terminating connection due to administrator command", "57P01");
    expect(unavailableOf(new Error("Failed to get session", { cause: terminated }))?.code).toBe(
      "SERVICE_UNAVAILABLE",
    );
    expect(unavailableOf(withCode("connect ECONNREFUSED", "ECONNREFUSED"))?.code).toBe(
      "SERVICE_UNAVAILABLE",
    );
    expect(unavailableOf(new Error("Connection terminated unexpectedly"))?.code).toBe(
      "SERVICE_UNAVAILABLE",
    );
  });

  it("leaves other errors alone", () => {
    expect(unavailableOf(new Error("boom"))).toBeUndefined();
    expect(unavailableOf(withCode("unique", "23505"))).toBeUndefined();
    expect(unavailableOf("text")).toBeUndefined();
  });

  it("the error handler answers them 503 with Retry-After and a message", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get("/full", () => Promise.reject(withCode("database or disk is full", "SQLITE_FULL")));
    app.get("/down", () => Promise.reject(withCode("gone", "57P01")));
    const full = await app.inject({ url: "/full" });
    expect(full.statusCode).toBe(503);
    expect(full.headers["retry-after"]).toBe("60");
    expect(full.json()).toEqual({ message: STORAGE_FULL_MESSAGE, code: "STORAGE_FULL" });
    const down = await app.inject({ url: "/down" });
    expect(down.statusCode).toBe(503);
    expect(down.headers["retry-after"]).toBe("5");
    expect(down.json()).toEqual({
      message: SERVICE_UNAVAILABLE_MESSAGE,
      code: "SERVICE_UNAVAILABLE",
    });
    await app.close();
  });
});
