import type { FastifyRequest } from "fastify";

/** Who a signed-in screen is rendered for: its first API answers differ. */
export type ScreenRole = "artist" | "agent";

/**
 * The API addresses a signed-in screen asks for first, per role, as the build
 * wrote them (src/web/app/route-data.ts): a route parameter stands in an
 * address as `__name__`.
 */
export type RouteDataLinks = Partial<Record<ScreenRole, readonly string[]>>;

const PARAM = /__(\w+)__/g;

/**
 * The `Link` header that has the browser fetch a screen's first API answers
 * beside its entry script, instead of after the script ran and the session
 * came back. Sent only to a signed-in visitor whose role the screen's list
 * names: a signed-out one would get 401s, which Chromium logs as errors.
 * `crossorigin=anonymous` matches the app's own `fetch` (cors mode,
 * same-origin credentials), so the fetch takes the preloaded answer.
 */
export function dataLinkHeader(
  links: RouteDataLinks,
  role: ScreenRole,
  params: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const filled: string[] = [];
  for (const url of links[role] ?? []) {
    const names = [...url.matchAll(PARAM)].map((match) => match[1]!);
    if (names.some((name) => !params[name])) continue;
    // encodeURIComponent leaves nothing that could end the <…> or the header field.
    const address = url.replace(PARAM, (_whole, name: string) => encodeURIComponent(params[name]!));
    filled.push(`<${address}>; rel=preload; as=fetch; crossorigin=anonymous`);
  }
  return filled.length ? filled.join(", ") : undefined;
}

/** Reads the role of a request's session; null when signed out. */
export type RoleReader = (headers: FastifyRequest["headers"]) => Promise<ScreenRole | null>;
