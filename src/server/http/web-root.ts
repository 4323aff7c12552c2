import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { z } from "zod";
import { apiErrorSchema } from "../../shared/responses/common";
import { HttpError } from "./errors";
import type { WebPages } from "./web-pages";
import {
  dataLinkHeader,
  missingParams,
  pictureLinks,
  type DerivedParams,
  type FirstPictures,
  type PageViewer,
  type RouteDataLinks,
  type ViewerReader,
} from "./route-data-links";
import { withinTime } from "../within-time";

/** The longest a page waits for what its preloads name: a slow database preloads less. */
export const DERIVE_WAIT_MS = 100;

interface PagePreloads {
  params: Record<string, string | undefined>;
  pictures: readonly string[];
}

/**
 * The page's route parameters, with the values its addresses also name
 * looked up for this visitor (`derive`), then the pictures it shows first
 * (`pictures`, for a page that needed a lookup: a conversation). What is not
 * found within DERIVE_WAIT_MS in all, or fails (logged), is not preloaded;
 * the page is never failed nor held up for it.
 */
async function pagePreloads(
  request: FastifyRequest,
  data: RouteDataLinks,
  viewer: PageViewer,
  derive: DerivedParams | undefined,
  pictures: FirstPictures | undefined,
): Promise<PagePreloads> {
  const params = request.params as Record<string, string | undefined>;
  const missing = missingParams(data, viewer.role, params);
  if (!derive || missing.length === 0) return { params, pictures: [] };
  const deadline = Date.now() + DERIVE_WAIT_MS;
  // A lookup that throws, at once or later, answers its fallback (logged).
  const attempt = <T>(lookUp: () => Promise<T>, fallback: T): Promise<T> =>
    (async () => lookUp())().catch((err: unknown) => {
      request.log.warn({ err }, "a page's preload lookup failed; the page preloads less");
      return fallback;
    });
  const derived = await withinTime(
    attempt(() => derive(viewer, params, missing), {}),
    DERIVE_WAIT_MS,
    () => ({}),
  );
  const all = { ...derived, ...params };
  if (!pictures) return { params: all, pictures: [] };
  const found = await withinTime(
    attempt(() => pictures(viewer, all), []),
    deadline - Date.now(),
    () => [],
  );
  return { params: all, pictures: found };
}

/** Vite fingerprints everything under assets/, so a file there never changes. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/**
 * Serves the built SPA: each client route is a GET route of its own that
 * answers its built page (web-pages.ts: its chunks preloaded, public screens
 * prerendered); any other GET gets index.html (the app's own "not found"),
 * while an unknown /api/ path is a JSON 404. Files are sent
 * precompressed (NAME.br / NAME.gz written at build time by
 * scripts/build/precompress.mjs) when the browser accepts it.
 */
export async function registerWebRoot(
  app: FastifyInstance,
  webRoot: string | undefined,
  pages: WebPages | undefined,
  viewerOf?: ViewerReader,
  derive?: DerivedParams,
  pictures?: FirstPictures,
) {
  const hasWeb = webRoot !== undefined && pages !== undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // One route for every built file, found at request time, rather than
      // a route per file: 191 files (and a HEAD route each) were the most
      // routes registered at start (issue 48).
      wildcard: true,
      // A folder's path (the root's, when no page route took it) is the app's page too.
      index: "index.html",
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.setHeader(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE_CACHE : "no-cache",
        );
        // The same URL answers brotli, gzip or plain: shared caches must key on it.
        res.setHeader("vary", "accept-encoding");
      },
    });
  }
  for (const page of hasWeb ? pages.pages : []) {
    const { data } = page;
    app.get(page.path, { schema: { hide: true } }, async (request, reply) => {
      // Only for the screen's default view: a query (filters) asks for other data.
      if (data && viewerOf && !hasQuery(request.query)) {
        // A page is never refused for this: no session, or none readable, means no preload.
        const viewer = await viewerOf(request.headers).catch(() => null);
        if (viewer) {
          const preloads = await pagePreloads(request, data, viewer, derive, pictures);
          const links = [
            dataLinkHeader(data, viewer.role, preloads.params),
            ...pictureLinks(preloads.pictures),
          ].filter((link) => link !== undefined);
          if (links.length > 0) reply.header("link", links.join(", "));
        }
      }
      // The Link header depends on who asks.
      if (data) reply.header("vary", "accept-encoding, cookie");
      return reply.header("cache-control", "no-cache").sendFile(page.file);
    });
  }
  // The API's own catch-all, so the page fallback below never answers an API path.
  app.all(
    "/api/*",
    {
      schema: {
        hide: true,
        params: z.object({ "*": z.string() }),
        response: { 404: apiErrorSchema },
      },
    },
    () => {
      throw new HttpError(404, "Not found.", undefined, "NOT_FOUND");
    },
  );
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (hasWeb && wantsPage) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    throw new HttpError(404, "Not found.", undefined, "NOT_FOUND");
  });
}

/** Whether the parsed query names anything: a bare "?" or "?&" is the default view too. */
function hasQuery(query: unknown): boolean {
  return typeof query === "object" && query !== null && Object.keys(query).length > 0;
}
