import { expect, type Locator, type Page } from "@playwright/test";
import { releaseFile, type ReleaseFixture } from "./release-files";

/** The release form's autosave line once the last change is saved. */
export async function expectSaved(page: Page): Promise<void> {
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
}

/** "Release details": the release's own fields (the tracks have their own groups). */
export const details = (page: Page): Locator =>
  page.getByRole("group", { name: "Release details", exact: true });

/** Track n's fields: the group its legend names "Track n". */
export const track = (page: Page, n: number): Locator =>
  page.getByRole("group", { name: `Track ${n}`, exact: true });

/**
 * A release that cannot be changed reads as text: the note saying why, its
 * title among its facts, and no field to type in.
 */
export async function expectReadOnly(page: Page, title: string): Promise<void> {
  await expect(page.getByRole("region", { name: "Read only" })).toContainText(
    "can no longer be changed.",
  );
  const facts = page.getByRole("region", { name: "Release details" });
  await expect(facts.getByRole("definition").first()).toHaveText(title);
  await expect(page.getByRole("main").locator("input, select, textarea")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add track" })).toHaveCount(0);
}

/** From "Your Songs": New release, which makes a draft and opens it at /releases/{id}. */
export async function startRelease(page: Page): Promise<string> {
  await page.goto("/songs");
  await page.getByRole("link", { name: "New release" }).click();
  await expect(page).toHaveURL(/\/releases\/[0-9a-f-]{36}$/);
  await expect(details(page).getByLabel("Release title")).toBeVisible();
  return page.url().split("/").pop()!;
}

/** YYYY-MM-DD, `days` after today (UTC, the server's day). */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export async function upload(field: Locator, fixture: ReleaseFixture): Promise<void> {
  await field.setInputFiles(await releaseFile(fixture));
}

/** Every release field filled as stores want them, and the artwork. */
export async function fillReleaseDetails(page: Page, title: string): Promise<void> {
  const release = details(page);
  await release.getByLabel("Release title").fill(title);
  await release.getByLabel("Genre").selectOption("Indian Pop");
  await release.getByLabel("Language").selectOption("Hindi");
  await release.getByLabel("Release date", { exact: true }).fill(dayFromToday(30));
  await release.getByLabel("℗ line").fill("2026 Asha Rao");
  await release.getByLabel("© line").fill("2026 Asha Rao");
  await upload(release.getByLabel("Artwork", { exact: true }), "artwork.jpg");
  await expect(release.getByText("3000 × 3000 px · JPG")).toBeVisible();
}

/** Track n's required fields, and its audio (checked). */
export async function fillTrack(page: Page, n: number, title: string, wav: ReleaseFixture) {
  const group = track(page, n);
  await group.getByLabel("Track title").fill(title);
  await group.getByLabel("Composer").fill("Asha Rao");
  await group.getByLabel("Lyricist").fill("Ravi Mehta");
  await group.getByLabel("Explicit", { exact: true }).selectOption("not_explicit");
  await upload(group.getByLabel("Audio file"), wav);
  await expect(group.getByText("44.1 kHz · 16-bit · stereo · WAV")).toBeVisible({
    timeout: 30_000,
  });
}

/** Whether the page scrolls sideways (375 px wide must not). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
