import type { Page } from "@playwright/test";

/**
 * Holds the page's requests to `url` (a glob) until the returned function is
 * called: a slow network or a busy server, at the moment a journey chooses.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** A conversation's opening (`PUT /api/chat/rooms/with/:peerId`). */
export const ROOM_OPENING = "**/api/chat/rooms/with/*";

/** The live link's client code (socket.io), loaded once the screen has answered. */
export const SOCKET_CLIENT_CODE = "**/assets/socket-io-*.js";
