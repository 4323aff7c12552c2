import { preactTargets } from "./preact-resolve.mjs";

/** Vite's aliases for the built app's React names (decision 111); exact names only (`react-router` is not `react`). */
export const preactAliases = Object.entries(preactTargets).map(([name, target]) => ({
  find: new RegExp(`^${name.replace("/", "\\/")}$`),
  replacement: target,
}));
