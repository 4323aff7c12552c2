import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { demo, freshEmail, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { ChatApi } from "./support/chat-api";
import { servedBuild } from "./support/served-build";

/** Waits until the service worker is active and controls the page. */
async function underServiceWorker(page: Page) {
  // The worker registers after the load event; a navigation that interrupts a
  // page before then (sign-in redirects) leaves it unregistered until a reload.
  for (let attempt = 0; attempt < 3; attempt++) {
    const ready = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
      ]),
    );
    if (ready) break;
    await page.reload();
  }
  // A first worker controls pages from their next load.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/**
 * "Deploys" a new build: the worker script changes on this shard's server. Precompressed
 * copies (sw.js.br, sw.js.gz) are set aside meanwhile, so the server sends the
 * changed file. Returns the undo.
 */
function changeWorkerScript(note: string): () => void {
  // This shard's own copy of the build: the other shard's portal is untouched.
  const worker = path.join(servedBuild(), "web", "sw.js");
  const saved = [worker, `${worker}.br`, `${worker}.gz`]
    .filter((file) => fs.existsSync(file))
    .map((file) => ({ file, bytes: fs.readFileSync(file) }));
  for (const { file } of saved) if (file !== worker) fs.rmSync(file);
  fs.appendFileSync(worker, `\n// ${note}\n`);
  return () => {
    for (const { file, bytes } of saved) fs.writeFileSync(file, bytes);
  };
}

/** Runs `body` while a new build is deployed and the page's worker has checked for it. */
async function withNewBuild(page: Page, note: string, body: () => Promise<void>) {
  const undo = changeWorkerScript(note);
  try {
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await body();
  } finally {
    undo();
  }
}

/** The portal's live region for app-wide notices (src/web/app/app-notices.tsx). */
const notices = (page: Page) =>
  page.getByRole("complementary", { name: "Portal notices" }).getByRole("status");

/** Every URL path the page's caches hold. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        paths.push(new URL(request.url).pathname);
      }
    }
    return paths;
  });

test("a reload while offline shows the portal, and API answers never come from a cache", async ({
  page,
  context,
}) => {
  await signInAs(page, demo.artist);
  await page.goto("/songs");
  await expect(page.getByRole("heading", { name: "Your Songs" })).toBeVisible();
  await underServiceWorker(page);
  await expect(page.getByRole("heading", { name: "Your Songs" })).toBeVisible();

  const cached = await cachedPaths(page);
  expect(cached).toContain("/index.html");
  expect(cached.filter((p) => p.startsWith("/api/"))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  // The portal's own page, with its notice, instead of the browser's error page.
  await expect(page).toHaveTitle("Songs · Artist Portal");
  await expect(notices(page)).toContainText("You are offline.");
  // The API is not answered from the worker: offline, it fails.
  const offlineAnswer = await page.evaluate(() =>
    fetch("/api/me").then(
      (r) => r.status,
      () => "network error",
    ),
  );
  expect(offlineAnswer).toBe("network error");

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your Songs" })).toBeVisible();
  expect((await cachedPaths(page)).filter((p) => p.startsWith("/api/"))).toEqual([]);
});

test("a new build is offered with a polite prompt and loads on request", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await underServiceWorker(page);

  await withNewBuild(page, "next build", async () => {
    const status = notices(page);
    await expect(status).toContainText("A new version of the portal is ready.");
    // Polite: the prompt does not take focus from the form.
    await page.getByLabel("Email").focus();
    await expect(page.getByLabel("Email")).toBeFocused();
    await expectAccessible(page);

    const reloaded = page.waitForEvent("load");
    await status.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expect(notices(page)).not.toContainText("A new version");
  });
});

test("the new-version notice keeps room below the page, so it covers none of it", async ({
  page,
}) => {
  await signInAs(page, demo.artist);
  await page.goto("/settings");
  await underServiceWorker(page);
  await withNewBuild(page, "a roomy build", async () => {
    const status = notices(page);
    await expect(status).toContainText("A new version of the portal is ready.");
    // Scrolled to the end, the page's last line clears the notice: main's
    // room below its content reaches above the notice's top edge.
    const kept = await page
      .getByRole("main")
      .evaluate((main) => parseFloat(getComputedStyle(main).paddingBottom));
    const notice = (await status.boundingBox())!;
    expect(kept).toBeGreaterThanOrEqual(page.viewportSize()!.height - notice.y);
  });
});

test("in a conversation the new-version notice covers neither the composer nor Send", async ({
  page,
  baseURL,
}) => {
  const email = freshEmail("notice");
  const artist = await ChatApi.register(baseURL!, "Notice Artist", email, "Str0ng-pass!");
  const agentId = await artist.contactId("Sam");
  artist.close();
  await signInAs(page, email, "Str0ng-pass!");
  await page.goto(`/chat/${agentId}`);
  await underServiceWorker(page);
  const controls = [
    page.getByRole("textbox", { name: "Message" }),
    page.getByRole("button", { name: "Send" }),
  ];
  await withNewBuild(page, "a build for the chat", async () => {
    const status = notices(page);
    await expect(status).toContainText("A new version of the portal is ready.");
    for (const size of [
      { width: 375, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      const notice = (await status.boundingBox())!;
      for (const control of controls) {
        const box = (await control.boundingBox())!;
        expect(box.y + box.height, `${size.width} px`).toBeLessThanOrEqual(notice.y);
      }
    }
  });
});

test("the update prompt can be put off", async ({ page }) => {
  await page.goto("/login");
  await underServiceWorker(page);
  await withNewBuild(page, "another build", async () => {
    const status = notices(page);
    await status.getByRole("button", { name: "Later" }).click();
    await expect(status).not.toContainText("A new version");
  });
});

test("a screen whose code cannot be fetched says so and offers to try again", async ({ page }) => {
  await signInAs(page, demo.artist);
  // The wallet's chunk fails, as it would offline without the worker or after a deploy removed it.
  let blocked = true;
  await page.route(/\/assets\/wallet-page-[\w-]+\.js$/, (route) =>
    blocked ? route.abort("internetdisconnected") : route.continue(),
  );
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Wallet" })
    .click();
  // The focus goes to the news, not back to the top of an empty page.
  await expect(
    page.getByRole("heading", { name: "This screen could not be loaded" }),
  ).toBeFocused();
  await expectAccessible(page);
  const tryAgain = page.getByRole("button", { name: "Try again" });
  await tryAgain.focus();
  blocked = false;
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Wallet" })).toBeVisible();
});
