import { expect, test, type Page } from "@playwright/test";
import { chatRoomId } from "../src/shared/chat";
import { demo, freshEmail, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { ChatApi } from "./support/chat-api";

const PASSWORD = "Str0ng-pass!";
const messages = (page: Page) => page.getByRole("list", { name: "Messages" });
const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });
const bubble = (page: Page, text: string | RegExp) =>
  messages(page).getByRole("listitem").filter({ hasText: text });
const removeReference = (page: Page) => page.getByRole("button", { name: "Remove song reference" });

/** A fresh artist and, through Sam's desk, one pending song of theirs. */
async function artistWithSong(baseURL: string, name: string, title: string) {
  const email = freshEmail("ask");
  const artist = await ChatApi.register(baseURL, name, email, PASSWORD);
  const artistId = (await artist.get<{ id: string }>("/api/me")).id;
  const sam = await ChatApi.signIn(baseURL, demo.agent2);
  const response = await fetch(`${baseURL}/api/desk/songs`, {
    method: "POST",
    headers: { cookie: sam.cookie, origin: baseURL, "content-type": "application/json" },
    body: JSON.stringify({
      artistId,
      type: title,
      status: "pending",
      artist: name,
      date: "2025-03-01",
    }),
  });
  expect(response.status).toBe(201);
  const songId = ((await response.json()) as { id: string }).id;
  const samId = await artist.contactId("Sam");
  const alexId = await artist.contactId("Alex");
  return { email, artist, artistId, sam, samId, alexId, songId };
}

test("Ask about this song from both ends: the last agent, the card on both sides, the desk, the system line", async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const { email, artist, artistId, sam, samId, alexId, songId } = await artistWithSong(
    baseURL!,
    "Asking Artist",
    "Night Drive",
  );
  // The artist wrote to Alex, then to Sam: Sam is the last agent they talked to.
  await artist.send(await artist.openRoom(alexId), "Hello Alex");
  await artist.send(await artist.openRoom(samId), "Hello Sam");

  const artistContext = await browser.newContext();
  const agentContext = await browser.newContext();
  const page = await artistContext.newPage();
  const agent = await agentContext.newPage();
  await signInAs(page, email, PASSWORD);
  await page.goto(`/song/${songId}`);
  await page.getByRole("link", { name: "Ask about this song" }).click();

  // Sam's conversation, the composer holding the song; a reload keeps it.
  await expect(page).toHaveURL(new RegExp(`/chat/${samId}\\?song=${songId}$`));
  await expect(page.getByRole("heading", { name: "Sam (Support)" })).toBeVisible();
  await expect(page.getByText("Asking about Night Drive")).toBeVisible();
  await expect(removeReference(page)).toBeVisible();
  await expect(composer(page)).toBeFocused();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByText("Asking about Night Drive")).toBeVisible();

  // Sent: the message carries the song as a card, and the composer lets it go.
  await composer(page).fill("When does this one go live?");
  await composer(page).press("Enter");
  const asked = bubble(page, "When does this one go live?");
  await expect(asked.getByRole("img", { name: "Sent", exact: true })).toBeVisible();
  await expect(asked.getByRole("link", { name: "Song: Night Drive, Pending" })).toBeVisible();
  await expect(removeReference(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/chat/${samId}$`));
  const roomId = chatRoomId(artistId, samId);
  const stored = (await sam.messages(roomId)).find((m) => m.text === "When does this one go live?");
  expect(stored?.song).toMatchObject({ id: songId, title: "Night Drive", status: "pending" });
  await expectAccessible(page);

  // The agent sees the same card and follows it to the desk editor.
  await signInAs(agent, demo.agent2);
  await agent.goto(`/inbox/${artistId}`);
  const card = bubble(agent, "When does this one go live?").getByRole("link", {
    name: "Song: Night Drive, Pending",
  });
  await expect(card).toBeVisible();
  await expectAccessible(agent);
  await card.click();
  await expect(agent).toHaveURL(new RegExp(`/desk/songs/${songId}$`));
  await expect(agent.getByRole("heading", { name: "Edit: Night Drive" })).toBeVisible();

  // The agent releases it: a system line reaches the artist live, centred, not a bubble.
  await agent.getByLabel("Status").selectOption("released");
  await agent.getByRole("button", { name: "Save changes" }).click();
  await expect(agent.getByText("Song saved.")).toBeVisible();
  const line = bubble(page, "Sam (Support) marked 'Night Drive' as released");
  await expect(line).toBeVisible();
  await expect(line).not.toContainText("Sam (Support):");
  await expect(line.locator("p")).toHaveCSS("text-align", "center");
  await expectAccessible(page);

  // Cards show the song's current status; the artist's opens the song detail.
  await page.reload();
  const released = bubble(page, "When does this one go live?").getByRole("link", {
    name: "Song: Night Drive, Released",
  });
  await expect(released).toBeVisible();
  await released.click();
  await expect(page).toHaveURL(new RegExp(`/song/${songId}$`));

  // The agent's side shows the same system line.
  await agent.goto(`/inbox/${artistId}`);
  await expect(bubble(agent, "Sam (Support) marked 'Night Drive' as released")).not.toContainText(
    "You:",
  );
  await expectAccessible(agent);

  await artistContext.close();
  await agentContext.close();
  artist.close();
  sam.close();
});

test("Ask about this song with no previous agent: the agent list carries the song on; removable by keyboard; kept offline", async ({
  browser,
  baseURL,
}) => {
  const { email, artist, artistId, sam, samId, songId } = await artistWithSong(
    baseURL!,
    "First Asker",
    "Morning Light",
  );
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, PASSWORD);
  await page.goto(`/song/${songId}`);
  await page.getByRole("link", { name: "Ask about this song" }).click();

  // Nobody to go back to: the agent list, asking which agent.
  await expect(page).toHaveURL(new RegExp(`/\\?song=${songId}$`));
  await expect(page.getByText("Choose a support agent to ask about Morning Light.")).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole("list", { name: "Support agents" })
    .getByRole("link", { name: /Sam/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/chat/${samId}\\?song=${songId}$`));
  await expect(page.getByText("Asking about Morning Light")).toBeVisible();

  // Removed with the keyboard: the chip and the URL forget it, the cursor goes back to the box.
  await removeReference(page).focus();
  await page.keyboard.press("Enter");
  await expect(removeReference(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/chat/${samId}$`));
  await expect(composer(page)).toBeFocused();

  // Offline, the question waits in the outbox with its song, and after a reload arrives once.
  await page.goto(`/chat/${samId}?song=${songId}`);
  await expect(page.getByText("Asking about Morning Light")).toBeVisible();
  // The room is open (the cursor waits for it): a message goes to the outbox, not held.
  await expect(composer(page)).toBeFocused();
  await context.setOffline(true);
  // The page has heard it (and closed its socket) before the question is typed.
  await expect(
    page.getByText("You're offline. Messages will be sent when you're back."),
  ).toBeVisible();
  await composer(page).fill("Is the artwork fine?");
  await composer(page).press("Enter");
  const pending = bubble(page, "Is the artwork fine?");
  await expect(pending.getByRole("img", { name: "Sending" })).toBeVisible();
  await expect(pending.getByRole("link", { name: "Song: Morning Light, Pending" })).toBeVisible();
  await context.setOffline(false);
  await page.reload();
  await expect(pending.getByRole("img", { name: "Sent", exact: true })).toBeVisible();
  await expect(pending.getByRole("link", { name: "Song: Morning Light, Pending" })).toBeVisible();
  const roomId = chatRoomId(artistId, samId);
  await expect
    .poll(async () =>
      (await sam.messages(roomId))
        .filter((m) => m.text === "Is the artwork fine?")
        .map((m) => m.song?.id),
    )
    .toEqual([songId]);
  await context.close();
  artist.close();
  sam.close();
});
