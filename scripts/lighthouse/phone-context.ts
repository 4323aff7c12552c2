import type { Browser, BrowserContext } from "@playwright/test";

/**
 * A new browser context as a first visit on a phone sees the portal (a cold
 * renderer: no HTTP cache, no service worker), signed in with `cookie` (a
 * cookie header; empty for a visitor). Shared by the page measurements
 * (profile-page.ts, profile-renders.ts).
 */
export async function newPhoneContext(
  browser: Browser,
  publicUrl: string,
  cookie: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "block",
  });
  if (cookie) {
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name, value] = pair.split(/=(.*)/s);
        return { name: name!, value: value ?? "", url: publicUrl };
      }),
    );
  }
  return context;
}
