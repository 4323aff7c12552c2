import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, createTestApp, signUp, type TestApp } from "../../test/test-app";
import { CLIENT_ERROR_ENDPOINT } from "../../../shared/client-errors";

let t: TestApp;
let cookie: string;
const logged: unknown[] = [];

beforeAll(async () => {
  // Catches what the route writes to the request's log.
  t = await createTestApp({}, (app) =>
    app.addHook("onRequest", (request, _reply, done) => {
      const warn = request.log.warn.bind(request.log);
      request.log.warn = ((obj: unknown, ...rest: never[]) => {
        logged.push(obj);
        return warn(obj as never, ...rest);
      }) as typeof request.log.warn;
      done();
    }),
  );
  cookie = (await signUp(t.app, { name: "Reporter" })).cookie;
});
afterAll(async () => {
  await t.close();
});

const report = (body: unknown, withCookie = true) =>
  t.app.inject({
    method: "POST",
    url: CLIENT_ERROR_ENDPOINT,
    headers: { origin: ORIGIN, ...(withCookie ? { cookie } : {}) },
    payload: body as object,
  });

describe("POST /api/client-errors", () => {
  it("logs a signed-in user's report", async () => {
    const response = await report({
      kind: "upload",
      message: "This file is too large.",
      page: "/chat/x",
    });
    expect(response.statusCode).toBe(204);
    expect(logged).toContainEqual(
      expect.objectContaining({
        clientError: { kind: "upload", message: "This file is too large.", page: "/chat/x" },
      }),
    );
  });

  it("refuses strangers, bad and oversized reports with a 4xx", async () => {
    expect((await report({ kind: "upload", message: "x" }, false)).statusCode).toBe(401);
    const bad = await report({ kind: "anything", message: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Unknown kind of client error.");
    expect((await report({ kind: "send", message: "" })).statusCode).toBe(400);
    expect((await report({ kind: "send", message: "x".repeat(2000) })).statusCode).toBe(413);
  });

  it("limits how often one client may report", async () => {
    const answers: number[] = [];
    for (let i = 0; i < 25; i++)
      answers.push((await report({ kind: "send", message: `n${i}` })).statusCode);
    expect(answers).toContain(429);
  });

  it("counts per session when signed in: another person at the same address still reports", async () => {
    const other = (await signUp(t.app, { name: "Colleague" })).cookie;
    const send = (c: string, i: number) =>
      t.app.inject({
        method: "POST",
        url: CLIENT_ERROR_ENDPOINT,
        headers: { origin: ORIGIN, cookie: c },
        payload: { kind: "send", message: `s${i}` },
        remoteAddress: "192.0.2.50",
      });
    const first: number[] = [];
    for (let i = 0; i < 21; i++) first.push((await send(cookie, i)).statusCode);
    expect(first).toContain(429);
    // The same address, another session: its own budget.
    expect((await send(other, 0)).statusCode).toBe(204);
  });
});
