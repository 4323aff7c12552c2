import type { Page } from "@playwright/test";

/**
 * Resolves once the page's live link is accepted by the server (Socket.IO's
 * "40" packet). Call it before the navigation that opens the link.
 */
export function liveLinkUp(page: Page): Promise<unknown> {
  return page
    .waitForEvent("websocket")
    .then((ws) =>
      ws.waitForEvent("framereceived", { predicate: (f) => String(f.payload).startsWith("40") }),
    );
}
