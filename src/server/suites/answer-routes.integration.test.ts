import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerSchemas } from "../../web/lib/api-answers";
import { answerRoutes } from "../../web/lib/answer-routes";
import { createTestApp, type TestApp } from "../test/test-app";
import { routeCollector } from "../test/route-table";

/**
 * The web names each answer it reads (src/web/lib/api-answers.ts) and the
 * routes each name comes from (answer-routes.ts). Here both are held to the
 * server's own route table: a route listed under a name answers exactly that
 * name's schema, and every route whose success answer is one of the web's
 * schemas is listed under it. A name moved to another route whose shape
 * happens to fit fails here, or in the development check at the call.
 */
const routes = routeCollector();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, undefined, routes.hook);
});
afterAll(() => t.close());

/** "GET /api/x" → the success schemas the server declares for it. */
function successSchemas(): Map<string, unknown[]> {
  const table = new Map<string, unknown[]>();
  for (const route of routes.api()) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    const schemas = Object.entries(response)
      .filter(([status]) => /^2\d\d$/.test(status))
      .map(([, schema]) => schema);
    for (const method of methods) {
      if (method !== "HEAD") table.set(`${method} ${route.url}`, schemas);
    }
  }
  return table;
}

describe("the web's answer names", () => {
  it("name only routes that answer exactly that schema", () => {
    const server = successSchemas();
    const wrong: string[] = [];
    for (const [name, list] of Object.entries(answerRoutes)) {
      const schema: unknown = (answerSchemas as Record<string, unknown>)[name];
      if (schema === undefined) wrong.push(`${name}: not an answer of api-answers.ts`);
      for (const route of list) {
        const declared = server.get(route);
        if (!declared) wrong.push(`${name}: ${route} is not a route`);
        // A 204 declares its own null schema: the web's `nothing` stands for any of them.
        else if (name === "nothing") {
          if (declared.length === 0) wrong.push(`${name}: ${route} declares no answer`);
        } else if (!declared.includes(schema))
          wrong.push(`${name}: ${route} answers another shape`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("list every route that answers one of the web's schemas", () => {
    const listed = new Set<string>(Object.values(answerRoutes).flat());
    const schemas = new Set<unknown>(Object.values(answerSchemas));
    const missing = [...successSchemas()]
      .filter(([route, declared]) => declared.some((s) => schemas.has(s)) && !listed.has(route))
      .map(([route]) => route);
    expect(missing).toEqual([]);
  });
});
