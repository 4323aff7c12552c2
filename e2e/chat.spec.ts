import { expect, test, type Page } from "@playwright/test";
import { solidPng } from "../src/cli/seed/solid-png";
import { demo, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";

const agentRow = (page: Page, name: string) =>
  page.getByRole("list", { name: "Support agents" }).getByRole("link", { name: new RegExp(name) });
const inboxRow = (page: Page, name: string) =>
  page.getByRole("list", { name: "Conversations" }).getByRole("link", { name: new RegExp(name) });
const messages = (page: Page) => page.getByRole("list", { name: "Messages" });

test("an artist and an agent chat live, with an image, unread badges and a reload", async ({
  browser,
}) => {
  // Two pages and axe in both themes on five screens: more than the default minute on 2 cores.
  test.setTimeout(120_000);
  const artistContext = await browser.newContext();
  const agentContext = await browser.newContext();
  const artist = await artistContext.newPage();
  const agent = await agentContext.newPage();

  // The artist's chat list: agents only, the seeded reply unread.
  await signInAs(artist, demo.artist);
  await expect(artist.getByRole("heading", { name: "Chats" })).toBeVisible();
  await expect(artist.getByText("Select a support staff member to start chatting.")).toBeVisible();
  await expect(agentRow(artist, "Alex")).toContainText("1 unread message");
  await expect(agentRow(artist, "Sam")).toBeVisible();
  await artist.getByLabel("Search support agents").fill("AGENT2@");
  await expect(agentRow(artist, "Sam")).toBeVisible();
  await expect(agentRow(artist, "Alex")).toHaveCount(0);
  await artist.getByLabel("Search support agents").fill("");
  // The server refuses longer searches.
  await expect(artist.getByLabel("Search support agents")).toHaveAttribute("maxlength", "100");
  await expectAccessible(artist);

  // The agent's inbox.
  await signInAs(agent, demo.agent1);
  await expect(agent.getByRole("heading", { name: "Inbox" })).toBeVisible();
  await expect(inboxRow(agent, "Demo Artist")).toBeVisible();
  await expectAccessible(agent);

  // Opening the conversation shows the history and clears the badge.
  await agentRow(artist, "Alex").click();
  await expect(artist).toHaveURL(/\/chat\/.+/);
  await expect(messages(artist).getByText("the release goes out on Friday")).toBeVisible();
  await expect(
    messages(artist).getByRole("button", { name: "Open image night-drive-cover.png" }),
  ).toBeVisible();
  await expect(agentRow(artist, "Alex")).not.toContainText("unread");
  await expect(artist.getByRole("button", { name: "Send" })).toBeDisabled();
  await artist.getByRole("textbox", { name: "Message" }).fill("   ");
  await expect(artist.getByRole("button", { name: "Send" })).toBeDisabled();
  await expectAccessible(artist);

  // Artist → agent, live: the agent's inbox shows an unread badge.
  await artist.getByRole("textbox", { name: "Message" }).fill("Hello from the e2e artist");
  await artist.getByRole("button", { name: "Send" }).click();
  const sentText = messages(artist)
    .getByRole("listitem")
    .filter({ hasText: "Hello from the e2e artist" });
  await expect(sentText.getByRole("img", { name: "Sent", exact: true })).toBeVisible();
  await expect(inboxRow(agent, "Demo Artist")).toContainText("1 unread message");
  await expect(inboxRow(agent, "Demo Artist")).toContainText("Hello from the e2e artist");

  // The agent opens it: badge clears, the artist's profile sits beside it.
  await inboxRow(agent, "Demo Artist").click();
  await expect(agent).toHaveURL(/\/inbox\/.+/);
  await expect(messages(agent).getByText("Hello from the e2e artist")).toBeVisible();
  await expect(inboxRow(agent, "Demo Artist")).not.toContainText("unread");
  const profile = agent.getByRole("complementary", { name: "Artist profile" });
  await expect(profile.getByText(demo.artist)).toBeVisible();
  await expectAccessible(agent);

  // Agent → artist, live, without a reload.
  await agent.getByRole("textbox", { name: "Message" }).fill("Got it, checking now");
  await agent.getByRole("button", { name: "Send" }).click();
  await expect(messages(artist).getByText("Got it, checking now")).toBeVisible();
  await expect(messages(artist).getByText("Got it, checking now")).toHaveCount(1);

  // The artist sends an image: progress first, then the image itself.
  await artist.route("**/api/uploads/**", async (route) => {
    if (route.request().method() === "PATCH") await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await artist.getByLabel("Image file").setInputFiles({
    name: "studio-photo.png",
    mimeType: "image/png",
    buffer: solidPng(64, 48, [20, 160, 120]),
  });
  await expect(
    artist.getByRole("progressbar", { name: "Uploading studio-photo.png" }),
  ).toBeVisible();
  await expect(artist.getByText(/^\d+%$/)).toBeVisible();
  const imageButton = messages(artist).getByRole("button", { name: "Open image studio-photo.png" });
  await expect(imageButton).toBeVisible();
  await expect(artist.getByRole("progressbar")).toHaveCount(0);
  const imageMessage = messages(artist)
    .getByRole("listitem")
    .filter({ has: artist.getByRole("button", { name: "Open image studio-photo.png" }) });
  await expect(imageMessage.getByRole("img", { name: "Sent", exact: true })).toBeVisible();
  await expect(imageMessage.getByText(/^\d+ B$/)).toBeVisible();
  await expect(
    imageMessage.getByRole("link", { name: "Download studio-photo.png" }),
  ).toHaveAttribute("href", /\/api\/files\/.+\?download=1$/);
  await expect(
    messages(agent).getByRole("button", { name: "Open image studio-photo.png" }),
  ).toBeVisible();

  // The full-size viewer: a dialog, Escape closes it, focus returns.
  await imageButton.click();
  const viewer = artist.getByRole("dialog", { name: "Image: studio-photo.png" });
  await expect(viewer).toBeVisible();
  await expectAccessible(artist);
  await artist.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(imageButton).toBeFocused();

  // A reload keeps everything, each message once.
  await artist.reload();
  await expect(messages(artist).getByText("Hello from the e2e artist")).toHaveCount(1);
  await expect(messages(artist).getByText("Got it, checking now")).toHaveCount(1);
  await expect(
    messages(artist).getByRole("button", { name: "Open image studio-photo.png" }),
  ).toHaveCount(1);

  await artistContext.close();
  await agentContext.close();
});

test("on a small screen the list and the conversation each take the whole screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, demo.artist);
  await expect(page.getByText("Select a support staff member to start chatting.")).toBeHidden();
  await agentRow(page, "Sam").click();
  await expect(page.getByRole("list", { name: "Support agents" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Bottom" })).toBeHidden();
  await page.getByRole("textbox", { name: "Message" }).fill("Hi Sam");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(messages(page).getByRole("img", { name: "Sent", exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to chats" }).click();
  await expect(agentRow(page, "Sam")).toContainText("Hi Sam");
});

test("on a small screen an agent's conversation takes the whole screen too", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, demo.agent1);
  await expect(page.getByRole("navigation", { name: "Bottom" })).toBeVisible();
  await inboxRow(page, "Demo Artist").click();
  await expect(page).toHaveURL(/\/inbox\/.+/);
  await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Bottom" })).toBeHidden();
  await expect(page.locator("header", { hasText: "Artist Portal" })).toHaveCount(0);
});
