import type { FastifyRequest } from "fastify";
import { CHAT_PICTURE_PX, pictureSources } from "../../shared/picture-sources";

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

/** Who asks for a page: their role and id; null when signed out. */
export interface PageViewer {
  role: ScreenRole;
  userId: string;
}

/** Reads the visitor of a request's session; null when signed out. */
export type ViewerReader = (headers: FastifyRequest["headers"]) => Promise<PageViewer | null>;

/**
 * Values a screen's addresses name that its URL does not hold (a
 * conversation's room, from its `:peerId`), looked up for this visitor;
 * a name left out means that address is not preloaded.
 */
export type DerivedParams = (
  viewer: PageViewer,
  params: Readonly<Record<string, string | undefined>>,
  names: readonly string[],
) => Promise<Record<string, string | undefined>>;

/** The parameter names the role's addresses use that `params` does not hold. */
export function missingParams(
  links: RouteDataLinks,
  role: ScreenRole,
  params: Readonly<Record<string, string | undefined>>,
): string[] {
  const names = new Set<string>();
  for (const url of links[role] ?? []) {
    for (const match of url.matchAll(PARAM)) if (!params[match[1]!]) names.add(match[1]!);
  }
  return [...names];
}

/**
 * Pictures a screen shows first, looked up for the visitor with the page's
 * parameters (derived ones included): a conversation's newest picture.
 */
export type FirstPictures = (
  viewer: PageViewer,
  params: Readonly<Record<string, string | undefined>>,
) => Promise<readonly string[]>;

/**
 * `Link` entries that have the browser fetch a conversation's first pictures beside
 * its entry script, at the priority their <img> asks for (an image preload
 * carries the cookies, as the <img> does, so its answer is the one reused):
 * the thumbnails the bubble's <img> offers, so the one it takes is the one
 * preloaded. Only the portal's own files, the only addresses given a srcset.
 */
export function pictureLinks(urls: readonly string[]): string[] {
  return urls.flatMap((url) => {
    const { src, srcSet } = pictureSources(url, CHAT_PICTURE_PX);
    return srcSet
      ? [`<${src}>; rel=preload; as=image; imagesrcset="${srcSet}"; fetchpriority=high`]
      : [];
  });
}
