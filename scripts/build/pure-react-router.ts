import type { Plugin } from "vite";

/** The production build vite.config.ts aliases `react-router` to, and its shared chunks. */
const routerChunk = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
/** `var Form = React10.forwardRef(`, `var RouteContext = React.createContext(`, `React3.memo(`. */
const componentFactory = /^(var \w+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm;
/** `Form.displayName = "Form";`: a name for React's developer tools, nothing else reads it. */
const displayName = /^\w+\.displayName = "[^"\n]*";$/gm;

/**
 * React Router ships one bundle for every mode. Its top-level
 * `React.forwardRef(...)` / `createContext(...)` calls and `X.displayName = "…"`
 * statements look like side effects to the bundler, so the framework-mode
 * parts this app never renders (Form, ScrollRestoration, fetchers, the data
 * routes) stayed in the entry. Marking those calls pure and dropping the
 * display names lets unused ones go (−1.2 KB brotli on every route,
 * docs/benchmarks.md). pure-react-router.test.ts fails when a React Router
 * upgrade changes the shape this relies on.
 */
export function pureReactRouter(): Plugin {
  return {
    name: "pure-react-router",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (!routerChunk.test(id)) return null;
      const out = markPure(code);
      return out === code ? null : { code: out, map: null };
    },
  };
}

/** The transform itself, for the test. */
export function markPure(code: string): string {
  return code.replace(componentFactory, "$1/* @__PURE__ */ $2").replace(displayName, "");
}
