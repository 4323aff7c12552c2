import { expect, test, type Page } from "@playwright/test";
import { formatIsrc } from "../src/shared/release-codes";
import { demo, freshEmail, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { ChatApi } from "./support/chat-api";
import { mailsTo } from "./support/mailbox";
import { ReleaseDeskApi } from "./support/release-desk";
import {
  details,
  expectReadOnly,
  expectSaved,
  fillReleaseDetails,
  fillTrack,
  startRelease,
  track,
} from "./support/release-form";
import { expectFitsAndAccessible } from "./support/screens";

const PASSWORD = "Str0ng-pass!";
const ARTWORK_NOTE = "The text on the cover is too small to read.";
const CREDITS_NOTE = "Name the producer of every track.";

const timeline = (page: Page) => page.getByRole("list", { name: "Timeline" });
const badge = (page: Page, state: string) => page.getByText(state, { exact: true }).first();

/** An artist (signed in on `page`, known to the API) with a submitted two-track release. */
async function submittedRelease(page: Page, baseURL: string, title: string) {
  const email = freshEmail("review-artist");
  const artist = await ChatApi.register(baseURL, "Rhea Review", email, PASSWORD);
  await signInAs(page, email, PASSWORD);
  const id = await startRelease(page);
  await fillReleaseDetails(page, title);
  await page.getByRole("button", { name: "Add track" }).click();
  await page.getByRole("button", { name: "Add track" }).click();
  await fillTrack(page, 1, "First Rain", "song.wav");
  await fillTrack(page, 2, "Paper Boats", "song-2.wav");
  await expectSaved(page);
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(badge(page, "Submitted")).toBeVisible();
  await expect(timeline(page).getByRole("listitem")).toHaveText([/^Submitted/]);
  return { email, artist, id };
}

test("the artist follows the review live: what to fix beside the fields, Resubmit, approval with codes, stores to Live, the song pages, every mail, Ask about this release", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const desk = await ReleaseDeskApi.signIn(baseURL!, demo.agent1);
  const { email, artist, id } = await submittedRelease(page, baseURL!, "Monsoon Tapes");

  // Review started: the badge and the timeline follow without a reload.
  await desk.startReview(id);
  await expect(badge(page, "In review")).toBeVisible();
  await expect(timeline(page)).toContainText("Review started");

  // Two items to fix: at the top, beside their fields, and the form opens again.
  await desk.requestChanges(id, [
    { reason: "Artwork", note: ARTWORK_NOTE },
    { reason: "Credits", note: CREDITS_NOTE },
  ]);
  await expect(badge(page, "Changes requested")).toBeVisible();
  const toFix = page.getByRole("list", { name: "What to fix" });
  await expect(toFix.getByRole("listitem")).toHaveText([
    `Artwork — ${ARTWORK_NOTE}`,
    `Credits — ${CREDITS_NOTE}`,
  ]);
  await expect(timeline(page)).toContainText(
    `Changes requested: Artwork — ${ARTWORK_NOTE}; Credits — ${CREDITS_NOTE}`,
  );
  const artwork = details(page).getByLabel("Artwork", { exact: true });
  await expect(artwork).toBeEnabled();
  // Each item beside its field, read with it.
  await expect(artwork).toHaveAccessibleDescription(
    new RegExp(`To fix \\(Artwork\\): ${ARTWORK_NOTE}`),
  );
  for (const n of [1, 2]) {
    await expect(track(page, n).getByLabel("Composer")).toHaveAccessibleDescription(
      new RegExp(`To fix \\(Credits\\): ${CREDITS_NOTE}`),
    );
  }
  await toFix.getByRole("link", { name: /^Credits/ }).click();
  await expect(track(page, 1).getByLabel("Composer")).toBeFocused();
  const resubmit = page.getByRole("button", { name: "Resubmit" });
  await expect(resubmit).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit for review" })).toHaveCount(0);
  await expectFitsAndAccessible(page);

  const [changesMail] = await mailsTo(email, /^Changes needed on your release “Monsoon Tapes”$/);
  expect(changesMail!.text).toContain(ARTWORK_NOTE);
  expect(changesMail!.text).toContain(CREDITS_NOTE);

  // The artist fixes them and sends it back.
  await track(page, 1).getByLabel("Producer").fill("Ravi Mehta");
  await track(page, 2).getByLabel("Producer").fill("Ravi Mehta");
  await expectSaved(page);
  await resubmit.click();
  await expect(badge(page, "Submitted")).toBeVisible();
  await expect(toFix).toHaveCount(0);
  await expect(timeline(page)).toContainText("Resubmitted");
  await expectReadOnly(page, "Monsoon Tapes");

  // Approved: codes assigned, shown read-only.
  await desk.startReview(id);
  const approved = await desk.approve(id);
  await expect(badge(page, "Approved")).toBeVisible();
  await expect(timeline(page)).toContainText("Approved");
  const codes = page.getByRole("region", { name: "Codes" });
  expect(approved.upc).toMatch(/^\d{12}$/);
  await expect(codes).toContainText(approved.upc);
  // Each track's ISRC, stored compact, shown the way people write it (IN-A1B-26-00001).
  for (const t of approved.tracks) expect(t.isrc).toMatch(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/);
  const written = approved.tracks.map((t) => formatIsrc(t.isrc));
  for (const [n, code] of written.entries()) {
    expect(code).toMatch(/^[A-Z]{2}-[A-Z0-9]{3}-\d{2}-\d{5}$/);
    await expect(codes.getByRole("definition").nth(n + 1)).toHaveText(code);
  }
  const [approvedMail] = await mailsTo(email, /^Your release “Monsoon Tapes” is approved$/);
  expect(approvedMail!.text).toContain(approved.upc);
  for (const [n, t] of approved.tracks.entries()) {
    expect([t.isrc, written[n]!].some((code) => approvedMail!.text!.includes(code))).toBe(true);
  }

  // Stores: delivered, then live on Spotify; the timeline and the rows follow.
  await desk.stores(id, [
    { store: "Spotify", state: "Delivered" },
    { store: "Apple Music", state: "Delivered" },
  ]);
  await expect(timeline(page)).toContainText("Delivered to Spotify");
  await expect(timeline(page)).toContainText("Delivered to Apple Music");
  const spotifyLink = "https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy";
  await desk.stores(id, [{ store: "Spotify", state: "Live", link: spotifyLink }]);
  await expect(badge(page, "Live")).toBeVisible();
  await expect(timeline(page)).toContainText("Live on Spotify");
  const stores = page.getByRole("region", { name: "Stores" });
  await expect(stores.getByRole("row", { name: /^Spotify/ })).toContainText("Live");
  await expect(stores.getByRole("link", { name: /Open on Spotify/ })).toHaveAttribute(
    "href",
    spotifyLink,
  );
  await expect(stores.getByRole("row", { name: /^Apple Music/ })).toContainText("Delivered");
  await expect(stores.getByRole("row", { name: /^JioSaavn/ })).toContainText("Pending");
  await expectFitsAndAccessible(page);
  const [liveMail] = await mailsTo(email, /^Your release “Monsoon Tapes” is live$/);
  expect(liveMail!.text).toContain(spotifyLink);
  // A second store live is a step on the timeline, not a second mail.
  await desk.stores(id, [
    { store: "Apple Music", state: "Live", link: "https://music.apple.com/in/album/monsoon/1" },
  ]);
  await expect(timeline(page)).toContainText("Live on Apple Music");
  await page.waitForTimeout(3_000);
  expect(await mailsTo(email, /^Your release “Monsoon Tapes” is live$/)).toHaveLength(1);

  // Each track's song page: the spec's Spotify link, and the stores not live yet below it.
  for (const t of approved.tracks) {
    await page.goto(`/song/${t.songId!}`);
    const listenOn = page.getByRole("region", { name: "Listen On" });
    await expect(listenOn.getByRole("link", { name: /^Spotify/ })).toHaveAttribute(
      "href",
      spotifyLink,
    );
    await expect(listenOn.getByRole("link", { name: /^Apple Music/ })).toBeVisible();
    await expect(listenOn.getByRole("row", { name: /^Gaana/ })).toContainText("Pending");
    await expect(listenOn.getByRole("row", { name: /^Apple Music/ })).toHaveCount(0);
    await expect(listenOn.getByRole("row", { name: /^Spotify/ })).toHaveCount(0);
  }
  await expectFitsAndAccessible(page);

  // Ask about this release: the artist's conversation, the release quoted in the message.
  const samId = await artist.contactId("Sam");
  await artist.send(await artist.openRoom(samId), "Hello Sam");
  await page.goto(`/releases/${id}`);
  await page.getByRole("link", { name: "Ask about this release" }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${samId}\\?release=${id}$`));
  await expect(page.getByText("Asking about the release Monsoon Tapes (Live)")).toBeVisible();
  await expectAccessible(page);
  const composer = page.getByRole("textbox", { name: "Message" });
  await composer.fill("When does it reach JioSaavn?");
  await composer.press("Enter");
  const sent = page
    .getByRole("list", { name: "Messages" })
    .getByRole("listitem")
    .filter({ hasText: "When does it reach JioSaavn?" });
  await expect(sent).toContainText("About my release “Monsoon Tapes”");
  await expect(sent.getByRole("link", { name: new RegExp(`/releases/${id}$`) })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove release reference" })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/chat/${samId}$`));
  desk.close();
  artist.close();
});

test("a rejected release tells the artist why, on the page and by mail", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const desk = await ReleaseDeskApi.signIn(baseURL!, demo.agent2);
  const { email, artist, id } = await submittedRelease(page, baseURL!, "Paper Lanterns");
  const note = "The cover uses a photo you do not own.";
  await desk.reject(id, "artwork", note);
  await expect(badge(page, "Rejected")).toBeVisible();
  const why = page.getByRole("region", { name: "Why it was rejected" });
  await expect(why).toContainText("Reason: Artwork");
  await expect(why).toContainText(note);
  await expect(timeline(page)).toContainText(`Rejected: Artwork — ${note}`);
  await expectReadOnly(page, "Paper Lanterns");
  await expect(page.getByRole("region", { name: "Read only" })).toContainText(
    "This release is rejected and can no longer be changed.",
  );
  await expectFitsAndAccessible(page);
  const [mail] = await mailsTo(email, /^Your release “Paper Lanterns” was not accepted$/);
  expect(mail!.text).toContain("Artwork");
  expect(mail!.text).toContain(note);

  // Never wrote to anyone: Ask about this release lists the agents, the release carried on.
  await page.getByRole("link", { name: "Ask about this release" }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?release=${id}$`));
  await expect(page.getByText("Choose a support agent to ask about your release.")).toBeVisible();
  await page
    .getByRole("list", { name: "Support agents" })
    .getByRole("link", { name: /^Sam \(Support\)/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/chat/[^?]+\\?release=${id}$`));
  await expect(page.getByText("Asking about the release Paper Lanterns (Rejected)")).toBeVisible();
  await page.getByRole("button", { name: "Remove release reference" }).click();
  await expect(page.getByText("Asking about the release")).toHaveCount(0);
  desk.close();
  artist.close();
});
