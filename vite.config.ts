import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { VitePWA } from "vite-plugin-pwa";
import { pureReactRouter } from "./scripts/build/pure-react-router";
import { pureSharedModules } from "./scripts/build/pure-shared-modules";
import { websocketOnlyEngine } from "./scripts/build/websocket-only-engine";
import { preactAliases } from "./scripts/build/preact-aliases";

export default defineConfig(({ command }) => ({
  resolve: {
    // React Router's package exports name only its development build (with its
    // dev warnings) for every condition (remix-run/react-router#12532,
    // #14102): the production build it also ships is used for the bundle.
    alias:
      command === "build"
        ? [
            // The built app runs on Preact through preact/compat, not React DOM
            // (decision 111: about 48 KB less brotli on every route). Dev and
            // the unit tests keep React; the journeys run the built app.
            ...preactAliases,
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL("node_modules/react-router/dist/production/index.mjs", import.meta.url),
              ),
            },
          ]
        : [],
  },
  plugins: [
    // Unused shared schemas (and so zod) stay out of screens that do not validate.
    pureSharedModules(),
    // React Router's framework-mode parts (Form, ScrollRestoration…) out of the bundle.
    pureReactRouter(),
    // The live link is WebSocket only: engine.io-client's polling code stays out.
    websocketOnlyEngine(),
    react(),
    tailwindcss(),
    // The installable app shell (docs/decisions/024-service-worker-app-shell.md).
    VitePWA({
      // A new build waits until the user accepts the prompt (src/web/app/update-prompt.tsx).
      registerType: "prompt",
      // Registered from a module after load (src/web/app/register-service-worker.ts), never inline.
      injectRegister: false,
      includeAssets: ["favicon.svg"],
      manifest: {
        name: "Artist Portal",
        short_name: "Artist Portal",
        description: "Chat with support, follow your songs, manage your profile.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#ffffff",
        theme_color: "#4f46e5",
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
          {
            src: "/icon-512-maskable.png",
            sizes: "512x512",
            type: "image/png",
            purpose: "maskable",
          },
          { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
        ],
      },
      integration: {
        // The worker precaches the pages as the prerender leaves them: run it first.
        closeBundleOrder: "post",
        beforeBuildServiceWorker: () => {
          execFileSync(
            process.execPath,
            // The HTML made by the renderer that hydrates it (decision 111).
            [
              "--import",
              "./scripts/build/preact-hooks.mjs",
              "--import",
              "tsx",
              "scripts/build/prerender.tsx",
            ],
            {
              stdio: "inherit",
            },
          );
        },
      },
      workbox: {
        // The app shell only: the built scripts, styles, icons and index.html.
        // Per-route pages are an online speed-up; offline, index.html serves every route.
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        globIgnores: ["pages/**"],
        navigateFallback: "/index.html",
        // API answers, files and the socket always go to the network, never a cache.
        navigateFallbackDenylist: [/^\/api\//, /^\/files\//, /^\/socket\.io\//],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    sourcemap: process.env.WEB_SOURCEMAP === "1",
    minify: process.env.WEB_MINIFY !== "0",
    // scripts/bench/size.ts and scripts/build/prerender.tsx read which chunks each route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically, in the entry's one file: the
          // same code for every route, fewer requests and one brotli context
          // (eleven small files had cost ~5 KB more; docs/benchmarks.md).
          groups: [{ name: "app", tags: ["$initial"] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://localhost:3000", ws: true },
      "/socket.io": { target: "http://localhost:3000", ws: true },
      "/files": { target: "http://localhost:3000" },
    },
  },
}));
