import { expect, test, type Page } from "@playwright/test";
import { demo, freshEmail, register, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import {
  expectAssignedIsrc,
  expectAssignedUpc,
  fact,
  queueRow,
  resubmitAsArtist,
  reviewTrack,
  songStatuses,
  storeRow,
  subject,
  submitReleaseAsArtist,
  viewButton,
  viewCount,
} from "./support/desk-releases";
import { liveLinkUp } from "./support/live-link";
import { mailsTo } from "./support/mailbox";
import { details, expectSaved, scrollsSideways, upload } from "./support/release-form";

/** Demo agent one's name, as the desk names the reviewer and the one who acted first. */
const ALEX = "Alex (Support)";

const stateBadge = (page: Page, state: string) =>
  page.getByRole("heading", { level: 1 }).locator("xpath=..").getByText(state, { exact: true });

async function openQueue(page: Page, view = "submitted") {
  const path = "/desk/releases";
  const live = liveLinkUp(page, path);
  await page.goto(`${path}?view=${view}`);
  await live;
}

async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await scrollsSideways(page)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * The review desk with an artist and both demo agents: a submission shows up
 * live; Start review; Request changes with two items; the artist's new
 * artwork and resubmission; "Changed since last review"; a second agent's
 * stale Reject told who approved first; Approve with ISRCs and a UPC; stores
 * to Live.
 */
test("agents review a release: live queue, changes with two items, resubmission, approval with codes, stores to Live, a stale second agent is told", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const title = `Review Me ${Date.now()}`;
  const email = freshEmail("desk-release");
  const artist = await (await browser.newContext()).newPage();
  const alex = await (await browser.newContext()).newPage();
  const sam = await (await browser.newContext()).newPage();
  await register(artist, "Ira Review", email);
  await signInAs(alex, demo.agent1);
  await signInAs(sam, demo.agent2);

  // The agents' navigation leads to the queue; Submitted by default, in the URL once chosen.
  await alex
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Releases" })
    .click();
  await expect(alex.getByRole("heading", { name: "Releases", level: 1 })).toBeVisible();
  await openQueue(alex);
  const before = await viewCount(alex, "Submitted");

  // The artist submits: the row appears on the agent's open queue without a reload.
  const id = await submitReleaseAsArtist(artist, title, [
    ["First Rain", "song.wav"],
    ["Paper Boats", "song-2.wav"],
  ]);
  const row = queueRow(alex, title);
  await expect(row).toBeVisible();
  await expect(row).toContainText("Ira Review · Single · 2 tracks · Release date:");
  await expect(row).toContainText(/Waiting \d+ min/);
  await expect(row.getByRole("img")).toHaveCount(0); // the thumbnail is decorative (alt="")
  expect(await viewCount(alex, "Submitted")).toBe(before + 1);
  await alex.getByLabel("Search releases").fill(title);
  await expect(alex.getByRole("list", { name: "Releases" }).getByRole("listitem")).toHaveCount(1);
  await expectAccessible(alex);
  await expectNoSidewaysScroll(alex);

  // The review page: everything entered, the artwork full size, each track's player.
  await row.getByRole("link", { name: title }).click();
  await expect(alex).toHaveURL(new RegExp(`/desk/releases/${id}$`));
  const facts = alex.getByRole("region", { name: "Release details" });
  await expect(fact(facts, "Genre")).toHaveText("Indian Pop");
  await expect(fact(facts, "℗ line")).toHaveText("2026 Asha Rao");
  await expect(reviewTrack(alex, 1)).toContainText("Track 1: First Rain");
  const player = alex.getByRole("list", { name: "Tracks" }).locator("audio").first();
  await expect(player).toHaveAttribute("preload", "metadata");
  await expect(player).toHaveAttribute("aria-label", "Audio of Track 1: First Rain");
  await alex.getByRole("button", { name: "View the artwork full size" }).click();
  const artwork = alex.getByRole("dialog", { name: /Artwork/ });
  await expect(artwork.getByRole("img", { name: `Artwork of ${title}` })).toBeVisible();
  await alex.keyboard.press("Escape");
  await expect(artwork).toBeHidden();
  await expect(alex.getByRole("region", { name: "Checks" })).toContainText("3000 × 3000 px · JPG");

  // Start review names the reviewer.
  await alex.getByRole("button", { name: "Start review" }).click();
  await expect(stateBadge(alex, "In review")).toBeVisible();
  await expect(alex.getByText(`Reviewer: ${ALEX}`)).toBeVisible();
  // The pressed button went with the state: focus is on what happened.
  await expect(alex.locator(":focus")).toContainText("Review started.");
  expect(await songStatuses(artist, baseURL!)).toEqual(["in review", "in review"]);

  // Request changes: two items, each a reason and a note; nothing empty goes.
  // By keyboard: the dialog opens, Escape closes it, focus returns to its button.
  const requestButton = alex.getByRole("button", { name: "Request changes" });
  await requestButton.focus();
  await alex.keyboard.press("Enter");
  const request = alex.getByRole("dialog", { name: "Request changes" });
  await expect(request).toBeVisible();
  await alex.keyboard.press("Escape");
  await expect(request).toBeHidden();
  await expect(requestButton).toBeFocused();
  await requestButton.click();
  await request.getByRole("button", { name: "Request changes" }).click();
  await expect(request.getByText("Choose what to fix.")).toBeVisible();
  const item1 = request.getByRole("group", { name: "Item 1" });
  await item1.getByLabel("Reason").selectOption("Artwork");
  await item1.getByLabel("Note").fill("The text on the cover is too small to read.");
  await request.getByRole("button", { name: "Add item" }).click();
  const item2 = request.getByRole("group", { name: "Item 2" });
  await item2.getByLabel("Reason").selectOption("Credits");
  await item2.getByLabel("Note").fill("Add the producer of Paper Boats.");
  await expectAccessible(alex);
  await request.getByRole("button", { name: "Request changes" }).click();
  await expect(request).toBeHidden();
  await expect(stateBadge(alex, "Changes requested")).toBeVisible();
  const timeline = alex.getByRole("list", { name: "Timeline" });
  await expect(timeline).toContainText(
    "Changes requested: Artwork — The text on the cover is too small to read.; Credits — Add the producer of Paper Boats.",
  );

  const [changesMail] = await mailsTo(email, subject("Changes needed on your release", title));
  expect(changesMail!.text).toContain("The text on the cover is too small to read.");
  expect(changesMail!.text).toContain("Add the producer of Paper Boats.");

  // The artist puts in a new cover and resubmits: the page follows, live.
  await artist.reload();
  await upload(details(artist).getByLabel("Artwork", { exact: true }), "artwork-3200.jpg");
  await expect(details(artist).getByText("3200 × 3200 px · JPG")).toBeVisible();
  await expectSaved(artist);
  await resubmitAsArtist(artist, baseURL!, id);
  await expect(stateBadge(alex, "Submitted")).toBeVisible();
  const changed = alex.getByRole("list", { name: "Changed since last review" });
  await expect(changed.getByRole("listitem")).toContainText(["Artwork"]);
  await alex.getByRole("button", { name: "Start review" }).click();
  await expect(stateBadge(alex, "In review")).toBeVisible();

  // Sam opens Reject on the same release; Alex approves first; Sam is told.
  await sam.goto(`/desk/releases/${id}`);
  await expect(stateBadge(sam, "In review")).toBeVisible();
  await sam.getByRole("button", { name: "Reject" }).click();
  const reject = sam.getByRole("dialog", { name: "Reject this release" });
  await reject.getByLabel("Reason").selectOption("metadata");
  await alex.getByRole("button", { name: "Approve" }).click();
  await expect(stateBadge(alex, "Approved")).toBeVisible();
  await reject.getByRole("button", { name: "Reject" }).click();
  await expect(sam.getByRole("alert")).toContainText(`${ALEX} already approved this release.`);
  await expect(stateBadge(sam, "Approved")).toBeVisible();

  // Approved: an ISRC for each track, a UPC for the release, as the label's prefixes make them.
  expectAssignedIsrc(await fact(reviewTrack(alex, 1), "ISRC").innerText());
  expectAssignedIsrc(await fact(reviewTrack(alex, 2), "ISRC").innerText());
  expect(await fact(reviewTrack(alex, 1), "ISRC").innerText()).not.toBe(
    await fact(reviewTrack(alex, 2), "ISRC").innerText(),
  );
  const upc = await fact(facts, "UPC").innerText();
  expectAssignedUpc(upc);
  const firstIsrc = await fact(reviewTrack(alex, 1), "ISRC").innerText();
  const [approvedMail] = await mailsTo(email, subject("Your release", title, " is approved"));
  const compact = (approvedMail!.text ?? "").replace(/-/g, "");
  for (const n of [1, 2]) {
    const isrc = await fact(reviewTrack(alex, n), "ISRC").innerText();
    expect(compact).toContain(isrc.replace(/-/g, ""));
  }
  expect(approvedMail!.text).toContain(upc);

  // Stores: Live needs a link; one row at once, then several.
  const spotify = storeRow(alex, "Spotify");
  await spotify.getByLabel("State").selectOption("Live");
  await spotify.getByRole("button", { name: /^Save/ }).click();
  await expect(spotify).toContainText("Enter the release's address on Spotify to mark it Live.");
  await spotify.getByLabel("Link").fill("https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy");
  await spotify.getByRole("button", { name: /^Save/ }).click();
  await expect(stateBadge(alex, "Live")).toBeVisible();
  await expect(spotify.getByRole("link", { name: "Open the release on Spotify" })).toHaveAttribute(
    "href",
    "https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy",
  );
  await expect(timeline).toContainText("Live on Spotify");
  await storeRow(alex, "Apple Music").getByLabel("State").selectOption("Delivered");
  await storeRow(alex, "Gaana").getByLabel("State").selectOption("Delivered");
  await alex.getByRole("button", { name: "Save all changes (2)" }).click();
  await expect(alex.getByRole("status").filter({ hasText: "2 stores saved." })).toBeVisible();
  await expect(timeline).toContainText("Delivered to Apple Music");
  await expect(timeline).toContainText("Delivered to Gaana");
  expect(await songStatuses(artist, baseURL!)).toEqual(["released", "released"]);
  // One mail for going live, with the first store's link; none per store.
  const live = await mailsTo(email, subject("Your release", title, " is live"));
  expect(live).toHaveLength(1);
  expect(live[0]!.text).toContain("https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy");
  await expectAccessible(alex);
  await expectNoSidewaysScroll(alex);

  // The Live view holds it, found by its UPC.
  await alex.getByRole("link", { name: "Back to the releases" }).click();
  await expect(alex).toHaveURL(/view=live/);
  await expect(viewButton(alex, "Live")).toHaveAttribute("aria-pressed", "true");
  await alex.getByLabel("Search releases").fill(upc);
  await expect(queueRow(alex, title)).toBeVisible();
  // And by an ISRC of its tracks, written as people write it.
  await alex.getByLabel("Search releases").fill(firstIsrc);
  await expect(queueRow(alex, title)).toBeVisible();
  await alex.getByLabel("Search releases").fill("IN-A1B-00-99999");
  await expect(alex.getByText("No release matches your search.")).toBeVisible();
});

/** Reject (final): the song desk's reasons, a note, the Rejected view. */
test("an agent rejects a submitted release with a reason and a note; it leaves Submitted for Rejected", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const title = `Reject Me ${Date.now()}`;
  const email = freshEmail("desk-reject");
  const artist = await (await browser.newContext()).newPage();
  const sam = await (await browser.newContext()).newPage();
  await register(artist, "Ira Reject", email);
  await signInAs(sam, demo.agent2);
  const id = await submitReleaseAsArtist(artist, title, [["Lone Track", "song.wav"]]);
  // The desk is the agents': an artist who lands on it goes to their own releases.
  await artist.goto("/desk/releases");
  await expect(artist).toHaveURL(/\/releases$/);

  await openQueue(sam);
  await sam.getByLabel("Search releases").fill(title);
  await queueRow(sam, title).getByRole("link", { name: title }).click();
  await expect(sam).toHaveURL(new RegExp(`/desk/releases/${id}$`));
  await sam.getByRole("button", { name: "Reject" }).click();
  const dialog = sam.getByRole("dialog", { name: "Reject this release" });
  // The keyboard lands in the dialog, and Escape gives it back to Reject.
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await sam.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(sam.getByRole("button", { name: "Reject" })).toBeFocused();
  await sam.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  const reasons = await dialog.getByLabel("Reason").locator("option").allTextContents();
  expect(reasons).toEqual([
    "Choose a reason…",
    "Artwork",
    "Audio quality",
    "Metadata",
    "Rights",
    "Other",
  ]);
  // "Other" needs a note, as on the song desk.
  await dialog.getByLabel("Reason").selectOption("other");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog.getByText("Describe why the release is rejected.")).toBeVisible();
  await expect(dialog.getByLabel("Note")).toBeFocused();
  await dialog.getByLabel("Reason").selectOption("rights");
  await dialog.getByLabel("Note").fill("The sample in the chorus is not cleared.");
  await expectAccessible(sam);
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog).toBeHidden();
  await expect(stateBadge(sam, "Rejected")).toBeVisible();
  await expect(sam.getByRole("alert")).toContainText(
    "Rejected: Rights — The sample in the chorus is not cleared.",
  );
  await expect(sam.getByRole("button", { name: "Start review" })).toHaveCount(0);
  expect(await songStatuses(artist, baseURL!)).toEqual(["rejected"]);
  const [mail] = await mailsTo(email, subject("Your release", title, " was not accepted"));
  expect(mail!.text).toContain("Rights");
  expect(mail!.text).toContain("The sample in the chorus is not cleared.");

  await sam.getByRole("link", { name: "Back to the releases" }).click();
  await expect(sam).toHaveURL(/view=rejected/);
  await sam.getByLabel("Search releases").fill(title);
  await expect(queueRow(sam, title)).toBeVisible();
  await viewButton(sam, "Submitted").click();
  await expect(sam).toHaveURL(/view=submitted/);
  await expect(queueRow(sam, title)).toHaveCount(0);
  await expect(sam.getByText("No release matches your search.")).toBeVisible();
});
