import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe";

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
  const errors: string[] = [];
  page.on("console", (m) => {
    // Nothing at all: the signed-out session check answers 200 with null.
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/login");
  await page.getByLabel("Email").fill("someone@example.test");
  await page.getByLabel("Password", { exact: true }).fill("x");
  // The button enables only once React owns the form.
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  await expectAccessible(page);
  expect(errors).toEqual([]);
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
