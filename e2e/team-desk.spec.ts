import { expect, test, type Page } from "@playwright/test";
import { demo, freshEmail, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { ChatApi } from "./support/chat-api";

const PASSWORD = "Str0ng-pass!";
const messages = (page: Page) => page.getByRole("list", { name: "Messages" });
const rows = (page: Page) => page.getByRole("list", { name: "Conversations" });
const row = (page: Page, name: string) => rows(page).getByRole("link", { name: new RegExp(name) });
const view = (page: Page, name: "Mine" | "Team" | "Resolved") =>
  page.getByRole("button", { name: new RegExp(`^${name}`) });

/**
 * The support desk as a team, with both demo agents and a fresh artist:
 * Team and waiting order, a teammate's reply, assignment moving a row live,
 * a note and a mention the artist never sees, resolve and reopen.
 */
test("two agents work one desk: views, waiting order, teammate reply, live assignment, notes, mention, resolve and reopen", async ({
  browser,
  baseURL,
}) => {
  // Three signed-in pages and axe in both themes: more than a minute on 2 busy cores.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const first = `Desk First ${stamp}`;
  const second = `Desk Second ${stamp}`;
  const email = freshEmail("desk");
  const artistApi = await ChatApi.register(baseURL!, first, email, PASSWORD);
  const alexId = await artistApi.contactId("Alex");
  const roomId = await artistApi.openRoom(alexId);
  await artistApi.send(roomId, "My release is stuck");
  const otherApi = await ChatApi.register(baseURL!, second, freshEmail("desk"), PASSWORD);
  await otherApi.send(await otherApi.openRoom(alexId), "A second question");

  const alex = await (await browser.newContext()).newPage();
  const sam = await (await browser.newContext()).newPage();
  const artist = await (await browser.newContext()).newPage();
  await signInAs(alex, demo.agent1);
  await signInAs(sam, demo.agent2);
  await signInAs(artist, email, PASSWORD);

  // Team: every open conversation with its assignee, the longest waiting first.
  await view(sam, "Team").click();
  await expect(sam).toHaveURL(/view=team/);
  await expect(row(sam, first)).toContainText("Assigned to Alex (Support)");
  await expect(row(sam, first)).toContainText(/Waiting \d+ min/);
  const order = await rows(sam).getByRole("link").allTextContents();
  expect(order.findIndex((t) => t.includes(first))).toBeLessThan(
    order.findIndex((t) => t.includes(second)),
  );
  // Search within the view.
  await sam.getByLabel("Search conversations").fill(second);
  await expect(row(sam, first)).toHaveCount(0);
  await expect(row(sam, second)).toBeVisible();
  await sam.getByLabel("Search conversations").fill("");

  // Sam answers an artist who wrote to Alex: same conversation, Sam's name on it.
  await row(sam, first).click();
  await sam.getByRole("textbox", { name: "Message" }).fill("Sam here, checking");
  await sam.getByRole("textbox", { name: "Message" }).press("Enter");
  await artist.goto(`/chat/${alexId}`);
  const reply = messages(artist).getByRole("listitem").filter({ hasText: "Sam here, checking" });
  await expect(reply).toContainText("Sam (Support)");
  await expect(artist.getByRole("heading", { name: "Alex (Support)" })).toBeVisible();

  // Alex has it in Mine; Sam takes it, and it leaves Alex's Mine live.
  await expect(view(alex, "Mine")).toHaveAttribute("aria-pressed", "true");
  await expect(row(alex, first)).toBeVisible();
  await sam.getByRole("button", { name: "Assign to me" }).click();
  await expect(sam.getByLabel("Assignee")).toHaveValue(/.+/);
  await expect(messages(sam)).toContainText("Sam (Support) assigned this to Sam (Support)");
  await expect(row(alex, first)).toHaveCount(0);

  // A note naming Alex: agents only, with its own look; Alex sees a mention badge in Mine.
  await sam.getByRole("button", { name: "Note", exact: true }).click();
  await sam
    .getByRole("textbox", { name: "Internal note" })
    .fill("Distributor ticket open @Alex (Support)");
  // Writing a note is not "typing" to the artist (a reply is, just below).
  const typing = artist.getByText("Alex (Support) is typing…");
  await artist.waitForTimeout(1_000);
  await expect(typing).toHaveCount(0);
  await sam.getByRole("button", { name: "Add note" }).click();
  const note = messages(sam).getByRole("listitem").filter({ hasText: "Distributor ticket" });
  await expect(note).toContainText("Internal note");
  await expect(row(alex, first)).toContainText("Mentioned");
  await sam.getByRole("button", { name: "Reply", exact: true }).click();
  const replyBox = sam.getByRole("textbox", { name: "Message" });
  await replyBox.fill("One moment please");
  // A teammate typing shows to the artist, under the agent they wrote to. The
  // signal is volatile (a lost one is not shown, on a busy machine too); a
  // person typing on sends another after TYPING_EVERY_MS (2 s).
  await expect(async () => {
    await replyBox.press("Space");
    await replyBox.press("Backspace");
    await expect(typing).toBeVisible({ timeout: 1_000 });
  }).toPass({ intervals: [2_100], timeout: 15_000 });
  await sam.getByRole("textbox", { name: "Message" }).press("Enter");

  // The artist: the reply after the note arrives, the note never; nor after a reload or in the list.
  await expect(messages(artist)).toContainText("One moment please");
  await expect(messages(artist)).not.toContainText("Distributor");
  await expect(messages(artist)).not.toContainText("assigned");
  await artist.reload();
  await expect(messages(artist)).toContainText("One moment please");
  await expect(messages(artist)).not.toContainText("Distributor");
  await artist.goto("/");
  const alexRow = artist
    .getByRole("list", { name: "Support agents" })
    .getByRole("link", { name: /Alex/ });
  await expect(alexRow).toContainText("One moment please");
  await expect(artist.locator("body")).not.toContainText("Distributor");
  await expectAccessible(sam);

  // Resolve: a line for agents, the conversation in Resolved.
  await sam.getByRole("button", { name: "Resolve", exact: true }).click();
  await expect(messages(sam)).toContainText("Resolved by Sam (Support)");
  await expect(sam.getByRole("button", { name: "Reopen" })).toBeVisible();
  await view(sam, "Resolved").click();
  await expect(row(sam, first)).toBeVisible();

  // A new message from the artist reopens it, back in Sam's Mine.
  await alexRow.click();
  await artist.getByRole("textbox", { name: "Message" }).fill("Any update?");
  await artist.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(sam.getByRole("button", { name: "Resolve", exact: true })).toBeVisible();
  await expect(messages(sam)).toContainText(`Reopened: new message from ${first}`);
  await expect(row(sam, first)).toHaveCount(0);
  await view(sam, "Mine").click();
  await expect(row(sam, first)).toContainText(/Waiting \d+ min/);
  await expect(messages(artist)).not.toContainText("Reopened");

  artistApi.close();
  otherApi.close();
});
