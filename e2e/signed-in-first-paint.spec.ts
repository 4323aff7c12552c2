import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import type { ChatMessage } from "../src/shared/chat";
import { dataLinkHeader, pictureLinks, type ScreenRole } from "../src/server/http/route-data-links";
import { routeData, routeParam } from "../src/web/app/route-data";
import { DEMO_PASSWORD, demo, freshEmail } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { submitReleaseAsArtist } from "./support/desk-releases";
import { collectErrors, holdScripts } from "./support/first-paint";

const sha256 = (text: string) =>
  `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * Signs in through the API, so the first page this context loads is the one
 * under test: a page the service worker controls is its index.html (no
 * skeleton), and what it fetches is hidden from page.route.
 */
async function signInByApi(page: Page, email: string) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password: DEMO_PASSWORD },
    headers: { origin },
  });
  expect(response.ok()).toBe(true);
}

const songCards = (page: Page) => page.getByRole("list", { name: "Songs" }).getByRole("listitem");

test("signed-in pages are served with their skeleton and a CSP that allows its inline blocks", async ({
  request,
}) => {
  // The agents' desk lists and / keep the plain page (route-skeleton.tsx).
  for (const url of ["/", "/desk/songs"]) {
    const html = await (await request.get(url)).text();
    expect(html, url).not.toContain("data-skeleton");
  }
  for (const [url, heading] of [
    ["/songs", "Your Songs"],
    ["/wallet", "Wallet"],
    ["/artist-account", "Artist Account"],
    ["/chat/some-agent", undefined],
    ["/inbox/some-artist", undefined],
  ] as const) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    const html = await response.text();
    expect(html, url).toMatch(/<div id="root" data-skeleton>/);
    expect(html, url).toContain('aria-busy="true"');
    if (heading) expect(html, url).toContain(`>${heading}</h1>`);
    // The CSP allows inline blocks by hash, never inline style attributes.
    expect(html, url).not.toMatch(/\sstyle="/);
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp, url).not.toContain("unsafe-inline");
    for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      expect(csp, `${url}: inline script`).toContain(sha256(script!));
    }
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)];
    expect(styles.length, url).toBeGreaterThan(0);
    for (const [, style] of styles) expect(csp, `${url}: inline style`).toContain(sha256(style!));
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a signed-in screen paints its frame, heading and loading state from the HTML alone", async ({
    page,
  }) => {
    await page.goto("/songs");
    await expect(page.getByRole("heading", { name: "Your Songs", level: 1 })).toBeVisible();
    await expect(page.getByRole("main")).toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("status")).toHaveText("Loading your songs…");
    await expect(page.getByRole("navigation", { name: "Main" })).toContainText("Artist Portal");
    // No control that would do nothing: only the skip link, no nav items yet.
    await expect(page.getByRole("button")).toHaveCount(0);
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expect(page.getByRole("link")).toHaveCount(1);

    await page.goto("/chat/some-agent");
    await expect(page.getByRole("link", { name: "Back to chats" })).toBeVisible();
    await expect(page.getByRole("status").last()).toHaveText("Loading the conversation…");
  });
});

test("the skeleton is accessible and gives way to the real screen, with no console error", async ({
  page,
}) => {
  await signInByApi(page, demo.artist);
  const errors = collectErrors(page);
  const unusedPreloads: string[] = [];
  page.on("console", (m) => {
    if (/preload/i.test(m.text())) unusedPreloads.push(m.text());
  });
  const songsAsked = () => songListRequests.length;
  const songListRequests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/songs") songListRequests.push(r.url());
  });
  const release = await holdScripts(page);
  // Not "load": that waits for the held module scripts.
  const response = await page.goto("/songs", { waitUntil: "commit" });
  // The server's Link header asks for the list's first answers beside the page.
  expect(response!.headers()["link"]).toContain("</api/songs>; rel=preload; as=fetch");
  await expect(page.getByRole("heading", { name: "Your Songs" })).toBeVisible();
  // Asked while no script of the app has run yet.
  await expect.poll(songsAsked).toBe(1);
  await expect(page.getByRole("main")).toHaveAttribute("aria-busy", "true");
  // The spinner turns forever; expectAccessible waits for animations to settle.
  await page.evaluate(() => document.getAnimations().forEach((a) => a.cancel()));
  await expectAccessible(page);
  release();

  await expect(songCards(page)).toHaveCount(10);
  await expect(page.getByRole("heading", { name: "Your Songs" })).toHaveCount(1);
  await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Songs" }),
  ).toHaveAttribute("aria-current", "page");
  // The list's first cover is its largest paint: asked for first, never lazily.
  await expect(page.locator('main img[fetchpriority="high"]')).toHaveCount(1);
  await expect(page.locator('main img[loading="lazy"]').first()).toBeAttached();
  await expectAccessible(page);
  expect(errors).toEqual([]);
  // The screen's own fetch took the preloaded answer: one more request at most,
  // the live link's first resync, never a second first load.
  await page.waitForTimeout(1_000);
  expect(songsAsked()).toBeLessThanOrEqual(2);
  expect(unusedPreloads).toEqual([]);
});

test("a signed-out visitor's page preloads nothing", async ({ request }) => {
  const response = await request.get("/songs");
  expect(response.status()).toBe(200);
  expect(response.headers()["link"]).toBeUndefined();
});

test("a signed-in artist loading a conversation or an account screen gets the real screen", async ({
  page,
  browser,
}) => {
  await signInByApi(page, demo.artist);
  const errors = collectErrors(page);
  await page.goto("/");
  await page.getByRole("list", { name: "Support agents" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/chat\/[^/]+$/);
  await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();
  const conversation = page.url();

  // A fresh context: its first page is the built one, not the worker's.
  const fresh = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  try {
    const freshErrors = collectErrors(fresh);
    await signInByApi(fresh, demo.artist);
    await fresh.goto(conversation);
    await expect(fresh.getByRole("region", { name: "Conversation" })).toBeVisible();
    await expect(fresh.getByRole("textbox", { name: "Message" })).toBeVisible();
    await expect(fresh.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
    expect(freshErrors).toEqual([]);
  } finally {
    await fresh.close();
  }

  await page.goto("/artist-account");
  await expect(page.getByRole("heading", { name: "Artist Account" })).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Profile", exact: true })).toBeVisible();
  await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
  expect(errors).toEqual([]);
});

test("a signed-out visitor to a signed-in screen ends at the sign-in page", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/songs");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your Songs" })).toHaveCount(0);
  // React owns the form: what is typed enables Sign in.
  await page.getByLabel("Email").fill("someone@example.test");
  await page.getByLabel("Password", { exact: true }).fill("x");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  expect(errors).toEqual([]);
});

test.describe("every signed-in screen's preloads", () => {
  // A page the service worker answers has no Link header: every load here
  // comes from the server, as a first visit does.
  test.use({ serviceWorkers: "block" });

  /**
   * Signs in as `who` and answers the values the routes' parameters take for
   * them, and the conversation's room the server finds for its page.
   */
  async function signInWithParams(page: Page, who: ScreenRole): Promise<Record<string, string>> {
    await signInByApi(page, demo.artist);
    const get = async <T>(url: string) => (await (await page.request.get(url)).json()) as T;
    const roomWith = async (peerId: string) => {
      const origin = new URL(test.info().project.use.baseURL!).origin;
      const opened = await page.request.put(`/api/chat/rooms/with/${peerId}`, {
        headers: { origin },
      });
      expect(opened.ok()).toBe(true);
      return ((await opened.json()) as { roomId: string }).roomId;
    };
    if (who === "agent") {
      const artist = await get<{ id: string }>("/api/me");
      // The desk's review page needs a submitted release to open: a new
      // artist's, so the demo artist's songs stay as other journeys count them.
      const signedUp = await page.request.post("/api/auth/sign-up/email", {
        data: {
          name: "Preload Check Artist",
          email: freshEmail("preload"),
          password: "Str0ng-pass!",
          consent: true,
        },
        headers: { origin: new URL(test.info().project.use.baseURL!).origin },
      });
      expect(signedUp.ok()).toBe(true);
      const releaseId = await submitReleaseAsArtist(page, "Preload Check", [
        ["Preload Track", "song.wav"],
      ]);
      await signInByApi(page, demo.agent1);
      return { peerId: artist.id, roomId: await roomWith(artist.id), id: releaseId };
    }
    const contacts = await get<{ userId: string }[]>("/api/chat/contacts?q=");
    const songs = await get<{ items: { id: string }[] }>("/api/songs");
    const peerId = contacts[0]!.userId;
    return { peerId, id: songs.items[0]!.id, roomId: await roomWith(peerId) };
  }

  for (const who of ["artist", "agent"] as const) {
    test(`an ${who}'s screens use every answer their Link header preloads`, async ({ page }) => {
      test.slow();
      const params = await signInWithParams(page, who);
      // Every screen route-data.ts lists for this role, with its parameters filled in.
      const screens = Object.entries(routeData).filter(([, data]) => data[who]?.length);
      const warnings: string[] = [];
      page.on("console", (m) => {
        if (/preload/i.test(m.text())) warnings.push(`${page.url()}: ${m.text()}`);
      });
      const errors = collectErrors(page);
      // The conversation's newest picture, as this side of the thread shows it
      // (the demo conversation has one): preloaded with its messages.
      const thread = await page.request.get(
        `/api/chat/rooms/${encodeURIComponent(params.roomId!)}/messages`,
      );
      const messages = (await thread.json()) as ChatMessage[];
      const newestPicture = messages.findLast((m) => m.fileType === "image")?.fileUrl;
      expect(newestPicture, "the demo conversation's picture").toBeTruthy();
      for (const [route, data] of screens) {
        const url = route.replace(/:(\w+)/g, (_whole, name: string) => params[name]!);
        const response = await page.goto(url);
        const answers = dataLinkHeader(data, who, params);
        expect(answers, url).toBeTruthy();
        const opensRoom = data[who]!.some((address) => address.includes(routeParam("roomId")));
        const pictures = opensRoom ? pictureLinks([newestPicture!]) : [];
        expect(response!.headers()["link"], url).toBe([answers, ...pictures].join(", "));
        // Chromium reports a preload nothing took a few seconds after "load".
        await page.waitForTimeout(3_500);
      }
      expect(warnings).toEqual([]);
      // Playwright's blocked worker registration answers undefined: not the app's error.
      expect(errors.filter((e) => !e.startsWith("Service worker registration failed"))).toEqual([]);
    });
  }
});
