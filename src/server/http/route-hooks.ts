import type { FastifyInstance, RouteOptions } from "fastify";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether a request's method changes state (POST, PUT, PATCH, DELETE). */
export function isWriteMethod(method: string): boolean {
  return WRITE_METHODS.has(method.toUpperCase());
}

/** Whether the route answers any state-changing method (an `all` route does). */
export function routeTakesWrites(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some(isWriteMethod);
}

type HookName = "onRequest" | "preValidation";
type RouteHook<N extends HookName> = Extract<
  NonNullable<RouteOptions[N]>,
  (...args: never[]) => unknown
>;

/**
 * Puts `hook` on every route registered from now on that `applies` to,
 * ahead of the route's own hooks of that name. A global hook is called on
 * every request, a read's too, and each call costs a turn of Fastify's hook
 * runner even when it returns at once; the write guards have nothing to do
 * on a GET, so its route does not carry them.
 */
export function addRouteHook<N extends HookName>(
  app: FastifyInstance,
  name: N,
  applies: (route: RouteOptions) => boolean,
  hook: RouteHook<N>,
): void {
  app.addHook("onRoute", (route) => {
    if (!applies(route)) return;
    const own: unknown = route[name];
    // A route's own hooks of a name are one function or a list of them.
    const hooks: unknown[] = own === undefined ? [] : [own].flat();
    Object.assign(route, { [name]: [hook, ...hooks] });
  });
}
