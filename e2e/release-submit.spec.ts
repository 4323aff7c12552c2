import { expect, test } from "@playwright/test";
import { freshEmail, register } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { mailsTo } from "./support/mailbox";
import {
  details,
  expectReadOnly,
  expectSaved,
  fillReleaseDetails,
  fillTrack,
  scrollsSideways,
  startRelease,
  track,
} from "./support/release-form";

const songCards = (page: import("@playwright/test").Page) =>
  page.getByRole("list", { name: "Songs" }).getByRole("listitem");

test("a complete release is submitted: blocked until fixed, warnings acknowledged, read-only, pending in Your Songs, emailed; then withdrawn", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = freshEmail("release-submit");
  await register(page, "Kavya Submit", email);
  const id = await startRelease(page);
  const submit = page.getByRole("button", { name: "Submit for review" });
  const missing = page.getByRole("list", { name: "What is missing or wrong" });

  // Nothing filled: Submit is off and the list says what is missing, each a link to its field.
  await expect(submit).toBeDisabled();
  await expect(missing.getByRole("link", { name: "Enter the release title." })).toBeVisible();
  await expect(missing.getByRole("link", { name: "Add at least one track." })).toBeVisible();
  await missing.getByRole("link", { name: "Choose a genre." }).click();
  await expect(details(page).getByLabel("Genre")).toBeFocused();
  await missing.getByRole("link", { name: "Add at least one track." }).click();
  await expect(page.getByRole("button", { name: "Add track" })).toBeFocused();

  await fillReleaseDetails(page, "Monsoon Letters");
  await page.getByRole("button", { name: "Add track" }).click();
  await page.getByRole("button", { name: "Add track" }).click();
  await missing.getByRole("link", { name: "Track 2: Enter the composer." }).click();
  await expect(track(page, 2).getByLabel("Composer")).toBeFocused();
  await fillTrack(page, 1, "First Rain", "song.wav");
  await track(page, 1).getByLabel("Version").fill("Acoustic");
  const isrc = track(page, 1).getByLabel("ISRC");
  await isrc.fill("IN-ABC-26-0001");
  await expect(isrc).toHaveAccessibleDescription(/ISRC must look like IN-ABC-26-00001\./);
  const code = `IN-E2E-26-${String(Date.now() % 100_000).padStart(5, "0")}`;
  await isrc.fill(code);
  await expect(isrc).not.toHaveAccessibleDescription(/ISRC must look like/);
  await fillTrack(page, 2, "Paper Boats", "silent-end.wav");
  await track(page, 2).getByLabel("Featured artists", { exact: true }).fill("Ravi Mehta");
  await track(page, 2).getByLabel("Featured artists", { exact: true }).press("Enter");
  await expectSaved(page);
  await expect(missing).toBeHidden();

  // The silence warning must be read first.
  const warnings = page.getByRole("list", { name: "Warnings" });
  await expect(warnings).toContainText("Track 2: Silence of 12 s at the end.");
  await expect(submit).toBeDisabled();
  await page.getByRole("checkbox", { name: "I have read these warnings" }).check();
  await expect(submit).toBeEnabled();
  await expectAccessible(page);
  await submit.click();

  // Submitted: the state, the release as text, Withdraw.
  await expect(page.getByText("Submitted", { exact: true })).toBeVisible();
  await expectReadOnly(page, "Monsoon Letters");
  await expect(submit).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Withdraw" })).toBeVisible();
  await expectAccessible(page);
  // Read-only after a reload too.
  await page.reload();
  await expectReadOnly(page, "Monsoon Letters");

  // The tracks are in "Your Songs" at once, pending.
  await page.goto("/songs");
  await expect(songCards(page)).toHaveCount(2);
  await expect(songCards(page).filter({ hasText: "First Rain (Acoustic)" })).toContainText(
    "Pending",
  );
  await expect(songCards(page).filter({ hasText: "Paper Boats" })).toContainText(
    "Album: Monsoon Letters",
  );
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await scrollsSideways(page)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The email names the release and its tracks.
  const [mail] = await mailsTo(email, /^Your release “Monsoon Letters” was submitted$/);
  expect(mail!.text).toContain("First Rain (Acoustic)");
  expect(mail!.text).toContain("Paper Boats");

  // Its ISRC is taken now: another release of the artist hears it from the server.
  await startRelease(page);
  await page.getByRole("button", { name: "Add track" }).click();
  await track(page, 1).getByLabel("ISRC").fill(code);
  await expectSaved(page);
  await expect(track(page, 1).getByLabel("ISRC")).toHaveAccessibleDescription(
    /This ISRC is already used by another track\./,
  );

  // The list shows it submitted, with no Delete draft.
  await page.goto("/releases");
  const row = page
    .getByRole("list", { name: "Releases" })
    .getByRole("listitem")
    .filter({ hasText: "Monsoon Letters" });
  await expect(row).toContainText("Monsoon Letters");
  await expect(row).toContainText("Submitted");
  await expect(row.getByRole("button", { name: "Delete draft" })).toHaveCount(0);

  // Withdraw: back to Draft, editable, its songs gone from "Your Songs".
  await row.getByRole("link", { name: "Monsoon Letters" }).click();
  await expect(page).toHaveURL(new RegExp(`/releases/${id}$`));
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  await expect(details(page).getByLabel("Release title")).toBeEnabled();
  await expect(page.getByRole("button", { name: "Withdraw" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Submit for review" })).toBeVisible();
  await page.goto("/songs");
  await expect(page.getByText("You don't have any songs in the system yet.")).toBeVisible();
});
