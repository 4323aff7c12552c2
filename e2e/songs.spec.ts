import { expect, test, type Page } from "@playwright/test";
import { solidPng } from "../src/cli/seed/solid-png";
import { demo, freshEmail, register, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";

const songCards = (page: Page) => page.getByRole("list", { name: "Songs" }).getByRole("listitem");

async function viewsShown(page: Page): Promise<number> {
  const analytics = page.getByRole("region", { name: "Analytics" });
  // Views is the first figure (Streams and Earnings follow once a statement counted it).
  const text = await analytics.getByRole("definition").first().innerText();
  return Number(text.replace(/\D/g, ""));
}

/**
 * The count the next opening of a song leaves, from its view's answer. The
 * page first shows the preloaded record (before this visit's view) and then
 * the view's answer: reading the page before that answer races it.
 */
async function viewCounted(page: Page): Promise<number> {
  const answer = await page.waitForResponse(
    (r) => r.request().method() === "POST" && /\/api\/songs\/[^/]+\/views$/.test(r.url()),
  );
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { views: number }).views;
}

test("the demo artist pages through 30 songs, opens one, counts views and copies its link", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAs(page, demo.artist);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Songs" }).click();
  await expect(page.getByRole("heading", { name: "Your Songs" })).toBeVisible();

  await expect(songCards(page)).toHaveCount(10);
  await expectAccessible(page);
  const loadMore = page.getByRole("button", { name: "Load More" });
  await loadMore.click();
  await expect(songCards(page)).toHaveCount(20);
  // The 23 seeded songs and the 7 songs of the demo releases (issue 48).
  await loadMore.click();
  await expect(songCards(page)).toHaveCount(30);
  await expect(loadMore).toBeHidden();

  // Newest first: the releases' songs (dated weeks ahead), then the showcase
  // song (all store links, lyrics), the newest of the seeded ones.
  const first = songCards(page).filter({ hasText: "Demo Song 23" });
  await expect(songCards(page).nth(7)).toContainText("Demo Song 23");
  await expect(first).toContainText("Released: Nov 15, 2023");
  // Statuses are stored lower-case whatever the seed's case, and written in sentence case.
  await expect(songCards(page).getByText("In review", { exact: true }).first()).toBeVisible();

  const firstView = viewCounted(page);
  await first.getByRole("link").click();
  await expect(page).toHaveURL(/\/song\/demo-song-23$/);
  await expect(page.getByRole("heading", { name: "Demo Song 23" })).toBeVisible();
  const before = await firstView;
  expect(before).toBeGreaterThanOrEqual(1);
  await expect.poll(() => viewsShown(page)).toBe(before);
  for (const store of ["Spotify", "Apple Music", "YouTube"]) {
    const link = page.getByRole("link", { name: new RegExp(`^${store}`) });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expect(page.getByText("First line of the chorus")).toBeVisible();
  await expectAccessible(page);

  // Each open counts exactly one view, also across a reload.
  const reloadView = viewCounted(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Demo Song 23" })).toBeVisible();
  expect(await reloadView).toBe(before + 1);
  await expect.poll(() => viewsShown(page)).toBe(before + 1);
  await page.getByRole("link", { name: "Back to songs" }).click();
  await expect(page.getByRole("heading", { name: "Your Songs" })).toBeVisible();
  const againView = viewCounted(page);
  await songCards(page).filter({ hasText: "Demo Song 23" }).getByRole("link").click();
  expect(await againView).toBe(before + 2);
  await expect.poll(() => viewsShown(page)).toBe(before + 2);

  await page.getByRole("button", { name: "Share" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Link copied to clipboard!" }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    "https://music.example/demo-song-23",
  );
  await expectAccessible(page);

  // A song without a link says so instead of copying nothing.
  await page.goto("/song/demo-song-20");
  await expect(page.getByRole("heading", { name: "Demo Song 20" })).toBeVisible();
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByRole("alert")).toHaveText("No link available to copy!");
  await expectAccessible(page);

  await page.goto("/song/no-such-song");
  await expect(page.getByRole("alert")).toHaveText("Song not found");
  await expect(page.getByRole("link", { name: "Back to songs" })).toBeVisible();
  await expectAccessible(page);
});

test("an agent files a song with a cover for an artist, who then sees it in their list", async ({
  page,
}) => {
  // Two sign-ins, three uploads and six axe passes in both themes over the seeded
  // demo's songs: 84 s alone on a busy 2-core host, past 120 s in a loaded CI run.
  test.setTimeout(180_000);
  const artistEmail = freshEmail("songs");
  await register(page, "Fresh Songwriter", artistEmail);
  // Artists have no desk: they are sent to their own songs.
  await page.goto("/desk/songs");
  await expect(page).toHaveURL(/\/songs$/);
  await expect(page.getByText("You don't have any songs in the system yet.")).toBeVisible();
  await expectAccessible(page);
  await page.context().clearCookies();

  await signInAs(page, demo.agent1);
  // Agents have no catalogue of their own: /songs leads to the desk.
  await page.goto("/songs");
  await expect(page).toHaveURL(/\/desk\/songs$/);
  await expect(page.getByRole("heading", { name: "Song desk" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Song requests" }).getByRole("listitem")).toHaveCount(
    10,
  );
  await page.getByLabel("Status").selectOption("rejected");
  await expect(page).toHaveURL(/status=rejected/);
  const requests = page.getByRole("list", { name: "Song requests" }).getByRole("listitem");
  await expect(requests.first()).toContainText(/rejected/i);
  await expect(requests.filter({ hasNotText: /rejected/i })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("link", { name: "New song" }).click();
  await expect(page.getByRole("heading", { name: "New song" })).toBeVisible();
  await page.getByRole("button", { name: "Create song" }).click();
  await expect(page.getByText("Song type is required.")).toBeVisible();
  await expect(page.getByText("Choose the artist this song belongs to.")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Find an artist").fill(artistEmail);
  const account = page.getByLabel("Artist account");
  await expect(account.getByRole("option", { name: new RegExp(artistEmail) })).toBeAttached();
  await account.selectOption({ label: `Fresh Songwriter (${artistEmail})` });
  await expect(page.getByLabel("Artist name (as credited)")).toHaveValue("Fresh Songwriter");
  await page.getByLabel("Type (title)").fill("Desk Made Single");
  await page.getByLabel("Album").fill("Desk Sessions");
  // Dated after every release's song (the demo's and other journeys'): first on the desk's list.
  await page.getByLabel("Release date").fill("2030-01-02");
  await page.getByLabel("Spotify link").fill("open.spotify.com/track/desk");

  await page.getByLabel("Cover image").setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: solidPng(600, 600, [30, 90, 160]),
  });
  await expect(page.getByRole("img", { name: "Cover preview", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Create song" }).click();
  await expect(page.getByText("Song created.")).toBeVisible();
  await expect(page.getByLabel("Spotify link")).toHaveValue("https://open.spotify.com/track/desk");
  await expectAccessible(page);

  // A file that only claims to be an image is refused by the server.
  await page.getByLabel("Cover image").setInputFiles({
    name: "fake.png",
    mimeType: "image/png",
    buffer: Buffer.from("this is plain text, not a picture"),
  });
  await expect(page.getByRole("alert")).toContainText("This file type is not allowed");

  // The status changes on the desk; the artist will see the new one.
  await page.getByLabel("Status").selectOption("released");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Song saved.")).toBeVisible();

  await page.getByRole("link", { name: "Back to the song desk" }).click();
  await expect(page.getByRole("link", { name: "Desk Made Single" })).toBeVisible();
  await expectAccessible(page);
  await page.context().clearCookies();

  await signInAs(page, artistEmail, "Str0ng-pass!");
  await page.goto("/songs");
  const first = songCards(page).first();
  await expect(first).toContainText("Desk Made Single");
  await expect(first).toContainText("Album: Desk Sessions");
  await expect(first).toContainText("Released");
  // The cover is decorative in the card (the title names it), so it has no role.
  // A 600 px cover in an 80 px box: the card fetches the 128 px thumbnail, not the original.
  const cover = first.locator("img");
  await expect(cover).toHaveJSProperty("naturalWidth", 128);
  expect(await cover.evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(/\?w=128$/);
  await expectAccessible(page);
});

test("on a small screen the songs are under List and fit 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, demo.artist);
  await page
    .getByRole("navigation", { name: "Bottom" })
    .getByRole("link", { name: "List" })
    .click();
  await expect(page).toHaveURL(/\/list$/);
  await expect(songCards(page)).toHaveCount(10);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  await expectAccessible(page);
  // Which song is newest depends on what earlier journeys released: open whichever comes first.
  const first = songCards(page).first();
  const title = await first.getByRole("heading", { level: 2 }).innerText();
  await first.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(await fits()).toBe(true);
  await expectAccessible(page);
});
