import type { FastifyInstance, RouteOptions } from "fastify";

export interface RouteCall {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route's path, its parameters filled with a placeholder. */
  url: string;
  /** How the route was declared, for messages. */
  name: string;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Collects every route as it is registered; hand it to createTestApp's
 * `beforeRoutes`. Tests generated from this table cover a new route without
 * being told about it.
 */
export function routeCollector(): {
  hook: (app: FastifyInstance) => void;
  routes: RouteOptions[];
  /** The API's routes (under /api/, the development-only /api/docs left out). */
  api: () => RouteOptions[];
  writes: () => RouteCall[];
} {
  const routes: RouteOptions[] = [];
  return {
    routes,
    hook: (app) => {
      app.addHook("onRoute", (route) => {
        routes.push(route);
      });
    },
    api: () => routes.filter((r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/docs")),
    writes: () =>
      routes.flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method])
          .filter((m) => WRITE_METHODS.has(m))
          .map((method) => ({
            method: method as RouteCall["method"],
            url: route.url.replace(/:\w+/g, "placeholder").replace("*", "placeholder"),
            name: `${method} ${route.url}`,
          })),
      ),
  };
}
