/**
 * React's names and what the built app reads them from: preact/compat
 * (decision 111). vite.config.ts aliases them for the bundle
 * (preact-aliases.ts); as a Node resolve hook (registered by preact-hooks.mjs)
 * they make the prerender render with the renderer that hydrates its HTML.
 */
export const preactTargets = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react-dom/server": "preact/compat/server",
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-dev-runtime",
};

/**
 * Packages whose "node" export is CommonJS: read as ES modules instead, as the
 * bundle does. Their `require("preact/compat")` would go through tsx's
 * CommonJS loader and make a second Preact, whose hooks see no component.
 */
const esmInNode = new Set(["lucide-react"]);

export function resolve(specifier, context, nextResolve) {
  if (esmInNode.has(specifier)) {
    const conditions = context.conditions.filter((c) => c !== "node" && c !== "require");
    return nextResolve(specifier, { ...context, conditions });
  }
  return nextResolve(preactTargets[specifier] ?? specifier, context);
}
