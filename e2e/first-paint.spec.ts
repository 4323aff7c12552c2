import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { collectErrors, holdScripts } from "./support/first-paint";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("login and register show their forms from the HTML alone", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expect(page.getByLabel("Email")).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();

    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByLabel("Artist name")).toBeVisible();
    // Nothing can be sent before React owns the form (it would be lost).
    await expect(page.getByRole("button", { name: "Create account" })).toBeDisabled();
  });
});

test("the prerendered login hydrates into the working screen", async ({ page }) => {
  // Nothing at all: the signed-out session check answers 200 with null.
  const errors = collectErrors(page);
  await page.goto("/login");
  await page.getByLabel("Email").fill("someone@example.test");
  await page.getByLabel("Password", { exact: true }).fill("x");
  // The button enables only once React owns the form.
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test("what is typed before the script runs is kept on both prerendered forms", async ({ page }) => {
  let release = await holdScripts(page);
  // Not "load": that waits for the held module scripts.
  await page.goto("/login", { waitUntil: "commit" });
  await page.getByLabel("Email").fill("nobody@example.test");
  await page.getByLabel("Password", { exact: true }).fill("not the password");
  release();
  // React now holds the typed values: Sign in is enabled and sends them.
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  await expect(page.getByLabel("Email")).toHaveValue("nobody@example.test");

  await page.unrouteAll();
  release = await holdScripts(page);
  await page.goto("/register", { waitUntil: "commit" });
  await page.getByLabel("Artist name").fill("Early Typist");
  await page.getByLabel("Email").fill(`early-${Date.now()}@example.test`);
  await page.getByLabel("Password", { exact: true }).fill("Early-Typist-pass-1");
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  release();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("pages have nothing render-blocking and preload their route's chunks", async ({ request }) => {
  for (const [url, chunk] of [
    ["/login", "login-page"],
    ["/songs", "songs-page"],
    ["/song/some-id", "song-detail-page"],
    ["/desk/songs/new", "song-editor-page"],
  ] as const) {
    const html = await (await request.get(url)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head, url).not.toMatch(/<link[^>]+rel="stylesheet"/);
    // Only module scripts (deferred) may load by URL; the theme script is inline.
    expect(head.match(/<script(?![^>]*type="module")[^>]*\ssrc=/g) ?? [], url).toEqual([]);
    expect(head, url).toMatch(new RegExp(`rel="modulepreload"[^>]+/assets/${chunk}-`));
  }
});

test("a page loads ICU's data in a worker from its head, before the app's scripts run", async ({
  page,
}) => {
  const errors = collectErrors(page);
  const release = await holdScripts(page);
  const started = page.waitForEvent("worker");
  // Not "load": that waits for the held module scripts.
  await page.goto("/login", { waitUntil: "commit" });
  // Started by the inline script (the CSP allows it by hash and the worker as
  // 'self') while every built script is still held: before the app's first formatter.
  const worker = await started;
  expect(new URL(worker.url()).pathname).toBe("/intl-warm-up.js");
  // It formats, then closes itself: nothing lingers for the page's life.
  await worker.waitForEvent("close");
  release();
  // The app then runs as ever: the form works once React owns it.
  await page.getByLabel("Email").fill("someone@example.test");
  await page.getByLabel("Password", { exact: true }).fill("x");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  expect(errors).toEqual([]);
});
