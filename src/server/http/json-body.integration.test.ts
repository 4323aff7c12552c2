import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, createTestApp, signUp, type TestApp } from "../test/test-app";
import { routeCollector } from "../test/route-table";
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH, jsonNestsDeeper } from "./json-body";

const table = routeCollector();
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({}, undefined, table.hook);
  ({ cookie } = await signUp(t.app));
});
afterAll(() => t.close());

const LEVELS = 10_000;
const deepBodies = {
  array: "[".repeat(LEVELS) + "]".repeat(LEVELS),
  object: '{"a":'.repeat(LEVELS) + '{"__proto__":1}' + "}".repeat(LEVELS),
};

describe("deeply nested JSON bodies", () => {
  it("answer 400 with a message on every route that takes a body, never 500", async () => {
    const writes = table.writes();
    expect(writes.map((w) => w.name)).toContain("POST /api/auth/sign-out");
    const answers: string[] = [];
    for (const route of writes) {
      for (const [shape, payload] of Object.entries(deepBodies)) {
        const response = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
          payload,
        });
        const { message } = response.json<{ message?: string }>();
        answers.push(`${route.name} (${shape}): ${response.statusCode} ${message}`);
      }
    }
    // A route with a small body limit refuses the size first (413), which is as good.
    const refusedWell = (a: string) =>
      a.endsWith(`: 400 ${JSON_TOO_DEEP_MESSAGE}`) || a.includes(": 413 ");
    expect(answers.filter((a) => !refusedWell(a))).toEqual([]);
  });

  it("leave the session alone when sent to sign-out", async () => {
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
      payload: deepBodies.array,
    });
    expect(out.statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/me", headers: { cookie } })).statusCode).toBe(200);
  });

  it("counts nesting outside strings only", () => {
    const deepText = JSON.stringify({ text: "[{".repeat(1000) });
    expect(jsonNestsDeeper(deepText, MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeper(JSON.stringify({ text: 'a\\"[[[' }), 2)).toBe(false);
    expect(jsonNestsDeeper("[[[]]]", 3)).toBe(false);
    expect(jsonNestsDeeper("[[[[]]]]", 3)).toBe(true);
  });
});
