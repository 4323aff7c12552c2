/**
 * Post-build step (vite.config.ts runs it after the bundle, before the service
 * worker is generated, so the worker precaches the final pages): writes one HTML
 * page per route into dist/web/pages/ and rewrites dist/web/index.html so that
 * the first paint needs no request beyond the HTML:
 * - the stylesheet and the theme script are inlined (the server allows them by
 *   their sha256 in its CSP, src/server/http/inline-hashes.ts);
 * - each route's page preloads the route's lazy chunks with modulepreload, so
 *   they download beside the entry instead of after it;
 * - the public screens (/login, /register) are rendered to HTML with
 *   react-dom/server and hydrated by src/web/main.tsx;
 * - the signed-in screens get their skeleton (src/web/app/route-skeleton.tsx:
 *   the app's frame, the screen's heading and loading state), which main.tsx
 *   replaces with the app once the session is known (decision 086).
 * dist/web/pages/routes.json tells the server which page answers which path,
 * and which API answers it preloads with it for a signed-in visitor.
 */
import fs from "node:fs";
import path from "node:path";
import { StrictMode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StaticRouter } from "react-router";
import { routeChunks, type RouteChunks } from "../../src/web/app/route-chunks";
import { routeData, type RouteData } from "../../src/web/app/route-data";
import { AppScreens } from "../../src/web/app/app-screens";
import { preloadRoute } from "../../src/web/app/routes";
import { RouteSkeletonView, routeSkeletons } from "../../src/web/app/route-skeleton";
import { sessionQueryKey, sessionUrl } from "../../src/web/lib/auth/session";
import { distWeb, readManifest, routeOwnFiles } from "./build-manifest";

const manifest = readManifest();
const read = (file: string) => fs.readFileSync(path.join(distWeb, file), "utf8");

/** The head's scripts that run before the first paint, inlined (public/). */
const headScripts = ["theme-init.js", "start-intl-warm-up.js"];

/** index.html with the stylesheet and the head's scripts inlined. */
function inlineHead(html: string): string {
  let out = html.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g,
    (_tag, file: string) => `<style>${read(file).trim()}</style>`,
  );
  for (const script of headScripts) {
    const tag = new RegExp(
      `(?:\\s*<!--[^>]*-->)?\\s*<script src="/${script.replaceAll(".", "\\.")}"></script>`,
    );
    if (!tag.test(out)) throw new Error(`index.html changed shape: no <script src="/${script}">`);
    out = out.replace(tag, `\n    <script>${read(script).trim()}</script>`);
  }
  if (out.includes('rel="stylesheet"')) {
    throw new Error("index.html changed shape: the stylesheet was not inlined");
  }
  return out;
}

/** What a signed-out visitor sees at `url`, as HTML: the same tree main.tsx hydrates. */
async function renderPublic(url: string): Promise<string> {
  // Loaded first, as main.tsx does before hydrating: no Suspense fallback in the HTML.
  await preloadRoute(url);
  const queryClient = new QueryClient();
  // Rendered for a signed-out visitor; main.tsx seeds the same answer, then checks.
  queryClient.setQueryData(sessionQueryKey, null);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={url}>
          <AppScreens />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}

/** The skeleton of a signed-in screen: static markup, never hydrated (main.tsx renders over it). */
function renderSkeleton(routePath: string): string {
  return renderToStaticMarkup(
    <StaticRouter location="/">
      <RouteSkeletonView path={routePath} />
    </StaticRouter>,
  );
}

/** Adds tags at the end of <head>. */
function addToHead(html: string, tags: string): string {
  if (!html.includes("</head>")) throw new Error("no </head> in index.html");
  return html.replace("</head>", `${tags}</head>`);
}

const slug = (route: RouteChunks) =>
  route.path === "/" ? "home" : route.path.slice(1).replace(/[/:]+/g, "-");

async function main() {
  const base = inlineHead(read("index.html"));
  fs.writeFileSync(path.join(distWeb, "index.html"), base);
  fs.mkdirSync(path.join(distWeb, "pages"), { recursive: true });

  const table: { path: string; file: string; data?: RouteData }[] = [];
  for (const route of routeChunks) {
    const own = routeOwnFiles(manifest, route);
    const preloads = own.js
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
      .join("");
    // Signed-in screens wait for the session first: ask for it beside the entry.
    const session = route.prerender
      ? ""
      : `<link rel="preload" href="${sessionUrl}" as="fetch" crossorigin="anonymous">`;
    let html = addToHead(base, `${session}${preloads}`);
    let markup: string | undefined;
    let rootAttrs = "";
    if (route.prerender) {
      markup = await renderPublic(route.path);
      if (!markup.includes("<form")) throw new Error(`${route.path} prerendered without its form`);
    } else if (routeSkeletons[route.path]) {
      markup = renderSkeleton(route.path);
      // Tells main.tsx to render over it rather than hydrate it.
      rootAttrs = " data-skeleton";
    }
    if (markup !== undefined) {
      if (!html.includes('<div id="root"></div>')) {
        throw new Error("index.html has no empty #root to prerender into");
      }
      // Paint only once the whole screen is parsed (Chromium's rel=expect), so
      // a slow parse never shows a half card that then grows and shifts.
      html = addToHead(html, '<link rel="expect" href="#root-end" blocking="render">').replace(
        '<div id="root"></div>',
        `<div id="root"${rootAttrs}>${markup}</div><template id="root-end"></template>`,
      );
    }
    const file = `pages/${slug(route)}.html`;
    fs.writeFileSync(path.join(distWeb, file), html);
    // The server preloads these for a signed-in visitor (route-data.ts).
    const data = routeData[route.path];
    table.push({ path: route.path, file, ...(data ? { data } : {}) });
  }
  fs.writeFileSync(path.join(distWeb, "pages", "routes.json"), JSON.stringify(table, null, 2));
  const rendered = routeChunks.filter((r) => r.prerender).length;
  const skeletons = routeChunks.filter((r) => !r.prerender && routeSkeletons[r.path]).length;
  console.log(
    `prerender: ${table.length} route pages, ${rendered} rendered to HTML, ${skeletons} with a skeleton`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
