import { expect, test, type Page, type Route } from "@playwright/test";
import { freshEmail, register } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { fact, reviewTrack, submitReleaseAsArtist } from "./support/desk-releases";
import { details, expectSaved, scrollsSideways, startRelease } from "./support/release-form";

const RESTORED =
  "Your changes that were not saved before the page closed were restored and are saved again.";
const HELD =
  "Changes you made before the page closed were not saved, and this release has changed since";

/** The release as the server has it, read with the page's session. */
async function serverRelease(page: Page, id: string) {
  const answer = await page.request.get(`/api/releases/${id}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as { title: string; version: number; genre: string };
}

/**
 * Holds the next autosave (`PUT /api/releases/{id}`) for good, as a server
 * that never answers: it is gone with the page. Later saves go through.
 * Its `sent` resolves once the held save went out.
 */
async function holdNextSave(page: Page, id: string): Promise<{ sent: Promise<void> }> {
  let sent!: () => void;
  const held = new Promise<void>((resolve) => (sent = resolve));
  let holding = true;
  await page.route(`**/api/releases/${id}`, async (route: Route) => {
    if (route.request().method() === "PUT" && holding) {
      holding = false;
      sent();
      return; // never answered
    }
    await route.continue();
  });
  return { sent: held };
}

/** Reloads, answering the browser's "leave the page?" question; says whether it was asked. */
async function reloadAnsweringLeave(page: Page): Promise<string | null> {
  let asked: string | null = null;
  page.once("dialog", (dialog) => {
    asked = dialog.type();
    void dialog.accept();
  });
  await page.reload();
  // The held save went with the old page; the new one saves freely.
  await page.unrouteAll({ behavior: "ignoreErrors" });
  return asked;
}

test("a submitted release reads as text: no fields, why it is locked, Withdraw brings the form back", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await register(page, "Ila Readonly", freshEmail("release-read-only"));
  await submitReleaseAsArtist(page, "Quiet Harbour", [["Low Tide", "song.wav"]]);

  const note = page.getByRole("region", { name: "Read only" });
  await expect(note).toContainText(
    "This release is submitted and can no longer be changed. Its tracks are in Your Songs as pending. Withdraw it to change something before the review starts.",
  );
  // Nothing to type in, nothing that looks like a field.
  for (const label of ["Release title", "Genre", "Track title", "Audio file"]) {
    await expect(page.getByLabel(label, { exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole("main").locator("input, select, textarea")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add track" })).toHaveCount(0);
  // The facts as text: the release's, its artwork's and its track's.
  const facts = page.getByRole("region", { name: "Release details" });
  await expect(fact(facts, "Release title")).toHaveText("Quiet Harbour");
  await expect(fact(facts, "Genre")).toHaveText("Indian Pop");
  await expect(fact(facts, "℗ line")).toHaveText("2026 Asha Rao");
  await expect(page.getByRole("region", { name: "Artwork" })).toContainText("3000 × 3000 px · JPG");
  const lowTide = reviewTrack(page, 1);
  // Level 3: the track's own heading (its Splits section has one below it).
  await expect(lowTide.getByRole("heading", { level: 3 })).toHaveText("Track 1: Low Tide");
  await expect(lowTide).toContainText("44.1 kHz · 16-bit · stereo · WAV");
  await expect(fact(lowTide, "Composer")).toHaveText("Asha Rao");

  await page.setViewportSize({ width: 375, height: 800 });
  expect(await scrollsSideways(page)).toBe(false);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Withdraw: a draft again, the form back with what was sent.
  await note.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  await expect(note).toHaveCount(0);
  await expect(details(page).getByLabel("Release title")).toHaveValue("Quiet Harbour");
  await expect(details(page).getByLabel("Release title")).toBeEditable();
});

test("a reload during a save loses nothing: the page asks first, the edit comes back and is saved", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await register(page, "Ila Reload", freshEmail("release-reload"));
  const id = await startRelease(page);
  const title = details(page).getByLabel("Release title");
  await title.fill("Before");
  await expectSaved(page);

  const held = await holdNextSave(page, id);
  await title.click();
  await title.press("ControlOrMeta+a");
  await title.pressSequentially("Tide Tables");
  await held.sent;
  await expect(page.getByRole("status").filter({ hasText: /^Saving…$/ })).toBeVisible();
  expect((await serverRelease(page, id)).title).toBe("Before");

  expect(await reloadAnsweringLeave(page)).toBe("beforeunload");
  await expect(page.getByText(RESTORED)).toBeVisible();
  await expect(details(page).getByLabel("Release title")).toHaveValue("Tide Tables");
  await expectSaved(page);
  expect((await serverRelease(page, id)).title).toBe("Tide Tables");
  await expectAccessible(page);

  // Once saved, nothing is kept: the next visit says nothing and asks nothing.
  expect(await reloadAnsweringLeave(page)).toBeNull();
  await expect(details(page).getByLabel("Release title")).toHaveValue("Tide Tables");
  await expect(page.getByText(RESTORED)).toHaveCount(0);
});

test("an edit kept from before a reload never overwrites a newer version unasked", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await register(page, "Ila Conflict", freshEmail("release-conflict"));
  const id = await startRelease(page);
  const title = details(page).getByLabel("Release title");
  await title.fill("Before");
  await expectSaved(page);

  const held = await holdNextSave(page, id);
  await title.fill("Mine");
  await held.sent;
  // Meanwhile another tab saves a newer version.
  const before = await serverRelease(page, id);
  const elsewhere = await page.request.put(`/api/releases/${id}`, {
    headers: { origin: new URL(page.url()).origin },
    data: { ...before, title: "Theirs", genre: "Folk" },
  });
  expect(elsewhere.ok(), await elsewhere.text()).toBe(true);

  await reloadAnsweringLeave(page);
  await expect(page.getByText(HELD)).toBeVisible();
  await expect(details(page).getByLabel("Release title")).toHaveValue("Theirs");
  expect((await serverRelease(page, id)).title).toBe("Theirs");
  await expectAccessible(page);

  // Only on the artist's word: their edit goes on top of the newer version.
  await page.getByRole("button", { name: "Use my changes instead" }).click();
  await expect(page.getByText(RESTORED)).toBeVisible();
  await expect(details(page).getByLabel("Release title")).toHaveValue("Mine");
  await expectSaved(page);
  expect((await serverRelease(page, id)).title).toBe("Mine");
});
