import type { Page } from "@playwright/test";

/**
 * Resolves once the live link of the page at `path` is accepted by the server
 * (Socket.IO's "40" packet). Call it before the navigation to `path`. Only a
 * socket opened by the page at `path` counts: the page a journey leaves (the
 * landing page after signing in) opens its own link about 100 ms after it
 * shows, and waiting on that one either resolved too early or failed with
 * "Socket closed" once the navigation closed it (a flaky CI run).
 */
export function liveLinkUp(page: Page, path: string): Promise<unknown> {
  return page
    .waitForEvent("websocket", { predicate: () => new URL(page.url()).pathname === path })
    .then((ws) =>
      ws.waitForEvent("framereceived", { predicate: (f) => String(f.payload).startsWith("40") }),
    );
}
