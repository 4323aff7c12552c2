import path from "node:path";

/**
 * The build a journeys' portal serves: a copy of dist/ per port, made by
 * scripts/test/e2e-server.ts. The shards run side by side; a journey that
 * "deploys" a new service worker (app-shell.spec.ts) then changes only its
 * own shard's portal, never the files the other shard's pages are loading
 * (whose fresh workers would later find sw.js changed back and offer "A new
 * version of the portal is ready" in the middle of an unrelated journey).
 */
export function servedBuild(port = process.env.E2E_PORT ?? "4173"): string {
  return path.resolve(".test-output", `e2e-build-${port}`, "dist");
}
