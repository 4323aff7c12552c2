import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_PATH } from "./openapi";
import { createTestApp, type TestApp } from "../test/test-app";
import { routeCollector } from "../test/route-table";

/** Every API route as it is registered (collected before the app is ready). */
const table = routeCollector();
let routes: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, table.hook);
  routes = table.api();
});
afterAll(() => t.close());

const methodsOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter(
    (m) => m !== "HEAD" && m !== "OPTIONS",
  );

/** Methods whose requests carry a body. */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The tus protocol's endpoints: they hand the raw request stream to tus
 * (headers and bytes, no JSON), so they declare no query or body schema.
 */
const RAW_PROTOCOL_ROUTES = new Set(["/api/uploads", "/api/uploads/:uploadId"]);

/**
 * Which input a route takes: a read names its query, a write its body, and
 * any handler that reads `.query` or `.body` names that one too. A route that
 * takes none declares it (noQuerySchema, noBodySchema in src/shared/no-input.ts).
 */
function missingInputSchemas(route: RouteOptions): string[] {
  const schema = route.schema;
  const methods = methodsOf(route);
  const handler = String(route.handler);
  const missing: string[] = [];
  const readsQuery = methods.includes("GET") || /\.query\b/.test(handler);
  const readsBody = methods.some((m) => BODY_METHODS.has(m)) || /\.body\b/.test(handler);
  if (readsQuery && !schema?.querystring) missing.push("querystring");
  if (readsBody && !schema?.body) missing.push("body");
  return missing;
}

describe("typed boundaries", () => {
  it("collects the app's routes", () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it("declares a response schema, and a params schema where the path has parameters, on every route", () => {
    const missing: string[] = [];
    for (const route of routes) {
      const schema = route.schema;
      const name = `${methodsOf(route).join(",")} ${route.url}`;
      if (!schema?.response) missing.push(`${name}: response`);
      if (/[:*]/.test(route.url) && !schema?.params) {
        missing.push(`${name}: params`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("declares a query schema on every read and a body schema on every write, and wherever the handler reads one", () => {
    const missing: string[] = [];
    for (const route of routes) {
      if (route.schema?.hide || RAW_PROTOCOL_ROUTES.has(route.url)) continue;
      const name = `${methodsOf(route).join(",")} ${route.url}`;
      for (const part of missingInputSchemas(route)) missing.push(`${name}: ${part}`);
    }
    expect(missing).toEqual([]);
  });

  it("documents every route in the OpenAPI 3.1 document", async () => {
    const response = await t.app.inject({ url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(doc.openapi).toBe("3.1.0");
    const undocumented: string[] = [];
    for (const route of routes) {
      if (route.schema?.hide) continue;
      const openApiPath = route.url.replace(/:(\w+)/g, "{$1}");
      for (const method of methodsOf(route)) {
        if (!doc.paths[openApiPath]?.[method.toLowerCase()]) {
          undocumented.push(`${method} ${route.url}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
  });

  it("describes bodies and answers from the shared schemas", async () => {
    const doc = (await t.app.inject({ url: OPENAPI_PATH })).json();
    const signUp = doc.paths["/api/auth/sign-up/email"].post;
    expect(Object.keys(signUp.requestBody.content["application/json"].schema.properties)).toEqual(
      expect.arrayContaining(["name", "email", "password"]),
    );
    const song = doc.paths["/api/songs/{id}"].get.responses["200"].content["application/json"];
    expect(Object.keys(song.schema.properties)).toContain("views");
  });

  it("strips what a response schema does not name: sign-in never returns the session token", async () => {
    const email = `strip-${Date.now()}@example.test`;
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: "http://localhost:3000" },
      payload: { name: "Strip Test", email, password: "Str0ng-pass!", consent: true },
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json()).toEqual({ user: expect.objectContaining({ email }) });
    expect(signUp.body).not.toContain("token");
  });
});
