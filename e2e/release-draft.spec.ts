import { expect, test } from "@playwright/test";
import { freshEmail, register, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { details, expectSaved, scrollsSideways, startRelease, track } from "./support/release-form";

const summary = (page: import("@playwright/test").Page) =>
  page.getByRole("region", { name: "Summary" });

test("an artist starts a release: word rules, type by tracks, order, kept across a reload and a second browser, then deleted", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = freshEmail("release-draft");
  await register(page, "Asha Rao", email);
  await page.goto("/songs");
  await expect(page.getByRole("link", { name: "Your releases" })).toBeVisible();
  const id = await startRelease(page);
  // Leaving before typing anything and starting again reopens that empty draft.
  expect(await startRelease(page)).toBe(id);
  const release = details(page);
  // The primary artist starts as the artist's own name.
  await expect(release.getByLabel("Primary artist")).toHaveValue("Asha Rao");
  await expect(summary(page)).toContainText("0 tracks");

  // Title rules, beside the field as the artist types.
  const title = release.getByLabel("Release title");
  await title.fill("Summer Nights feat. Ravi");
  await expect(title).toHaveAccessibleDescription(
    /Add featured artists in Featured artists, not in the title\./,
  );
  await title.fill("Summer Nights (Explicit)");
  await expect(title).toHaveAccessibleDescription(
    /Say whether a track is explicit with the Explicit choice, not in the title\./,
  );
  await title.fill("SUMMER NIGHTS");
  await expect(release.getByText('Stores prefer title case: "Summer Nights".')).toBeVisible();
  await release.getByRole("button", { name: "Use this" }).click();
  await expect(title).toHaveValue("Summer Nights");
  await expect(release.getByText(/Stores prefer title case/)).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Summer Nights");

  // Artist-name rules: the primary artist and the featured artists.
  const primary = release.getByLabel("Primary artist");
  await primary.fill("Various Artists");
  await expect(primary).toHaveAccessibleDescription(
    /Stores refuse generic artist names\. Use your artist name\./,
  );
  await primary.fill("Asha Rao");
  await expect(primary).not.toHaveAccessibleDescription(/Stores refuse/);
  const featured = release.getByLabel("Featured artists", { exact: true });
  await featured.fill("Unknown Artist");
  await featured.press("Enter");
  await expect(featured).toHaveAccessibleDescription(/Stores refuse generic artist names/);
  await release.getByRole("button", { name: "Remove Unknown Artist" }).click();
  await featured.fill("Ravi Mehta");
  await release.getByRole("button", { name: "Add", exact: true }).click();
  await expect(release.getByRole("listitem").filter({ hasText: "Ravi Mehta" })).toBeVisible();
  await expect(featured).not.toHaveAccessibleDescription(/Stores refuse/);

  // The release type follows the tracks: 1–3 a Single, 4–6 an EP, 7 an Album.
  const addTrack = page.getByRole("button", { name: "Add track" });
  const types: [number, string][] = [
    [1, "Single"],
    [3, "Single"],
    [4, "EP"],
    [6, "EP"],
    [7, "Album"],
  ];
  let count = 0;
  for (const [tracks, type] of types) {
    while (count < tracks) {
      await addTrack.click();
      count += 1;
      // Focus goes to the new track's title.
      await expect(track(page, count).getByLabel("Track title")).toBeFocused();
      await track(page, count).getByLabel("Track title").fill(`Song ${count}`);
    }
    await expect(summary(page)).toContainText(`Release type: ${type}`);
    await expect(summary(page)).toContainText(tracks === 1 ? "1 track" : `${tracks} tracks`);
  }
  // Back to three by Remove track (keyboard), a Single again.
  for (const n of [7, 6, 5, 4]) {
    await track(page, n).getByRole("button", { name: "Remove track" }).press("Enter");
    // The removed track's buttons are gone: focus waits on Add track.
    await expect(page.getByRole("button", { name: "Add track" })).toBeFocused();
  }
  await expect(summary(page)).toContainText("Release type: Single");
  await expect(track(page, 4)).toHaveCount(0);

  // Move up / Move down by keyboard; focus follows the moved track.
  await track(page, 1).getByRole("button", { name: "Move down" }).focus();
  await page.keyboard.press("Enter");
  await expect(track(page, 2).getByLabel("Track title")).toHaveValue("Song 1");
  await expect(track(page, 2).getByRole("button", { name: "Move down" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(track(page, 3).getByLabel("Track title")).toHaveValue("Song 1");
  // At the end Move down is off: focus is on Move up of the same track.
  await expect(track(page, 3).getByRole("button", { name: "Move up" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(track(page, 2).getByLabel("Track title")).toHaveValue("Song 1");
  await expect(track(page, 2).getByRole("button", { name: "Move up" })).toBeFocused();
  await expect(track(page, 1).getByLabel("Track title")).toHaveValue("Song 2");
  await expect(track(page, 3).getByLabel("Track title")).toHaveValue("Song 3");

  // Unique names for screen readers: each track's fields are told apart by their group.
  await track(page, 2).getByLabel("Composer").fill("Asha Rao");
  await expectSaved(page);
  await expectAccessible(page);

  // Kept across a reload…
  await page.reload();
  await expect(title).toHaveValue("Summer Nights");
  await expect(track(page, 1).getByLabel("Track title")).toHaveValue("Song 2");
  await expect(track(page, 2).getByLabel("Composer")).toHaveValue("Asha Rao");
  await expect(release.getByRole("listitem").filter({ hasText: "Ravi Mehta" })).toBeVisible();

  // …and in a second browser, where it is just as the first left it.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInAs(second, email, "Str0ng-pass!");
  await second.goto(`/releases/${id}`);
  await expect(details(second).getByLabel("Release title")).toHaveValue("Summer Nights");
  await expect(track(second, 2).getByLabel("Track title")).toHaveValue("Song 1");
  await expect(summary(second)).toContainText("Release type: Single");
  // A change saved there reaches this page live (it has nothing unsaved).
  await track(second, 3).getByLabel("Composer").fill("Live Composer");
  await expectSaved(second);
  await expect(track(page, 3).getByLabel("Composer")).toHaveValue("Live Composer");

  // Both change it: the later save is refused, and its edits stay on screen.
  await context.setOffline(true);
  await title.fill("Summer Nights Mine");
  await expect(page.getByRole("status").filter({ hasText: /^Not saved/ })).toBeVisible();
  await details(second).getByLabel("Release title").fill("Summer Nights Theirs");
  await expectSaved(second);
  await context.setOffline(false);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("status").filter({ hasText: /changed in another tab/ })).toHaveText(
    "This release was changed in another tab. Reload to see the latest version.",
  );
  await expect(title).toHaveValue("Summer Nights Mine");
  await other.close();
  // The release's own Reload (the portal's "new version" notice has one too).
  await page.getByRole("main").getByRole("button", { name: "Reload" }).click();
  await expect(title).toHaveValue("Summer Nights Theirs");

  // 375 px wide: no sideways scroll, New release still there.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await scrollsSideways(page)).toBe(false);
  await page.goto("/songs");
  await expect(page.getByRole("link", { name: "New release" })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);

  // Your releases: the draft's row, and Delete draft asks first.
  await page.getByRole("link", { name: "Your releases" }).click();
  await expect(page.getByRole("heading", { name: "Your releases" })).toBeVisible();
  const rows = page.getByRole("list", { name: "Releases" }).getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Summer Nights Theirs");
  await expect(rows.first()).toContainText("Single · 3 tracks");
  await expect(rows.first()).toContainText("Draft");
  expect(await scrollsSideways(page)).toBe(false);
  await expectAccessible(page);
  await rows.first().getByRole("button", { name: "Delete draft" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this draft?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("button", { name: "Delete draft" }).click();
  await dialog.getByRole("button", { name: "Delete draft" }).click();
  await expect(rows).toHaveCount(0);
  await expect(page.getByText("You have no releases yet.")).toBeVisible();
  // Gone on the server too.
  await page.goto(`/releases/${id}`);
  await expect(page.getByRole("alert")).toHaveText("Release not found.");
});
