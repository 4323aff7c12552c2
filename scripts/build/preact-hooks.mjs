/**
 * `node --import ./scripts/build/preact-hooks.mjs`: React's names resolve to
 * preact/compat (preact-resolve.mjs), as in the built app, so the prerender
 * renders with the renderer that hydrates its HTML (decision 111).
 */
import { register } from "node:module";

register("./preact-resolve.mjs", import.meta.url);
