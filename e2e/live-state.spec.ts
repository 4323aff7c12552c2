/**
 * Live state that never drifts (issue 20): an offline reload keeps the
 * session and its outbox, a conversation opened offline says so and loads by
 * itself, read marks clear the badges at once on every tab, and a song page
 * follows the desk live.
 */
import { expect, test, type Page } from "@playwright/test";
import { demo, freshEmail, signInAs } from "./support/accounts";
import { ChatApi } from "./support/chat-api";
import { holdRequests, ROOM_OPENING, SOCKET_CLIENT_CODE } from "./support/hold-requests";
import { liveLinkUp } from "./support/live-link";

const PASSWORD = "Str0ng-pass!";
const messages = (page: Page) => page.getByRole("list", { name: "Messages" });
const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });
const bubble = (page: Page, text: string) =>
  messages(page).getByRole("listitem").filter({ hasText: text });
const offlineState = (page: Page) =>
  page.getByText("You're offline. This conversation will load when you're back online.");
const chatNav = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Chat/ });

async function freshArtistWithSam(baseURL: string, name: string) {
  const email = freshEmail("live");
  const artist = await ChatApi.register(baseURL, name, email, PASSWORD);
  const samId = await artist.contactId("Sam");
  const roomId = await artist.openRoom(samId);
  const sam = await ChatApi.signIn(baseURL, demo.agent2);
  return { email, artist, sam, roomId, samId };
}

/** Until the service worker controls the page (it serves the shell offline). */
async function underServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

test("offline reload keeps the session and the outbox; the conversation says it is offline and loads when back", async ({
  browser,
  baseURL,
}) => {
  const { email, artist, sam, roomId, samId } = await freshArtistWithSam(baseURL!, "Reload Artist");
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, PASSWORD);
  await underServiceWorker(page);

  // Offline, a conversation never opened in this tab: a clear state with a retry, no endless spinner.
  const samLink = page.getByRole("link", { name: /Sam/ });
  await expect(samLink).toBeVisible();
  await context.setOffline(true);
  await samLink.click();
  await expect(offlineState(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  // Back online it loads by itself.
  await context.setOffline(false);
  await expect(page.getByText("Start of the conversation")).toBeVisible();
  await expect(offlineState(page)).toHaveCount(0);

  // A message written offline, then a reload while still offline; the room
  // is open first (the cursor waits for it), so the message goes to the outbox.
  await expect(composer(page)).toBeFocused();
  await context.setOffline(true);
  await composer(page).fill("PENDING-RELOAD");
  await composer(page).press("Enter");
  await expect(bubble(page, "PENDING-RELOAD").getByRole("img", { name: "Sending" })).toBeVisible();
  await page.reload();
  // Still signed in: the shell, the offline conversation and the pending message.
  await expect(page).toHaveURL(new RegExp(`/chat/${samId}$`));
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(offlineState(page)).toBeVisible();
  await expect(bubble(page, "PENDING-RELOAD").getByRole("img", { name: "Sending" })).toBeVisible();

  // The network returns: the conversation loads and the message goes, once, without signing in.
  await context.setOffline(false);
  await expect(
    bubble(page, "PENDING-RELOAD").getByRole("img", { name: "Sent", exact: true }),
  ).toBeVisible();
  await expect(bubble(page, "PENDING-RELOAD")).toHaveCount(1);
  await expect
    .poll(async () => (await sam.messages(roomId)).filter((m) => m.text === "PENDING-RELOAD"))
    .toHaveLength(1);
  await expect(page).toHaveURL(new RegExp(`/chat/${samId}$`));
  await context.close();
  artist.close();
  sam.close();
});

test("read state follows the eyes: a message read in the open conversation clears the badge and title on every tab", async ({
  browser,
  baseURL,
}) => {
  const { email, artist, sam, roomId } = await freshArtistWithSam(baseURL!, "Eyes Artist");
  const context = await browser.newContext();
  const reading = await context.newPage();
  await signInAs(reading, email, PASSWORD);
  const other = await context.newPage();
  await other.goto("/");
  // The list answers slowly here, as on a busy network: an answer computed
  // before the read mark must not bring the count back.
  let listAnswers = 0;
  await reading.route("**/api/chat/contacts**", async (route) => {
    // The page may cancel a slow request meanwhile (a resync restarts first
    // loads): a cancelled request has nobody left to answer.
    try {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fulfill({ response });
      listAnswers += 1;
    } catch {
      // cancelled by the page
    }
  });
  await reading.getByRole("link", { name: /Sam/ }).click();
  await expect(composer(reading)).toBeEnabled();
  await expect(reading).toHaveTitle("Chat · Artist Portal");

  const before = listAnswers;
  await sam.send(roomId, "Seen at once");
  await expect(bubble(reading, "Seen at once")).toBeVisible();
  // The list asked again after the message, and its (slow) answer has landed.
  await expect.poll(() => listAnswers).toBeGreaterThan(before);
  await expect(reading).toHaveTitle("Chat · Artist Portal");
  await expect(chatNav(reading)).not.toContainText("unread");
  // The other tab heard the read mark too.
  await expect(other).toHaveTitle("Chats · Artist Portal");
  await expect(chatNav(other)).not.toContainText("unread");
  await context.close();
  artist.close();
  sam.close();
});

test("a message sent while a conversation's page loads shows, though its room opens after the live link", async ({
  browser,
  baseURL,
}) => {
  const { email, artist, sam, roomId, samId } = await freshArtistWithSam(baseURL!, "Late Room");
  await sam.send(roomId, "Before the page");
  // A first visit: a service worker would answer the page from its cache, without the preloads.
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  await signInAs(page, email, PASSWORD);
  // The room's opening answers slowly (a busy server): held until the live
  // link is up, so the messages are first asked for after it.
  const release = await holdRequests(page, ROOM_OPENING);
  const preloaded = page.waitForResponse((r) => r.url().endsWith(`/rooms/${roomId}/messages`));
  const linked = liveLinkUp(page, `/chat/${samId}`);
  await page.goto(`/chat/${samId}`, { waitUntil: "commit" });
  // The page's preloaded messages were read before this one was sent.
  await preloaded;
  await sam.send(roomId, "While the page loaded");
  await linked;
  release();
  await expect(bubble(page, "Before the page")).toBeVisible();
  await expect(bubble(page, "While the page loaded")).toBeVisible();
  await context.close();
  artist.close();
  sam.close();
});

test("a conversation whose opening failed on the network opens by itself once the live link is up", async ({
  browser,
  baseURL,
}) => {
  const { email, artist, sam, roomId, samId } = await freshArtistWithSam(baseURL!, "Lost Opening");
  await sam.send(roomId, "Waiting for you");
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  await signInAs(page, email, PASSWORD);
  // The first opening is lost on the way (the browser still counts itself
  // online): the live link, up afterwards, is the sign to try again. The
  // link's code is held until the lost opening shows, or the link could come
  // up first and the retry hide the offline state before it is seen.
  const openings: string[] = [];
  await page.route(ROOM_OPENING, (route) => {
    openings.push(route.request().url());
    return openings.length === 1 ? route.abort("internetdisconnected") : route.continue();
  });
  const releaseLink = await holdRequests(page, SOCKET_CLIENT_CODE);
  const linked = liveLinkUp(page, `/chat/${samId}`);
  await page.goto(`/chat/${samId}`);
  await expect(offlineState(page)).toBeVisible();
  releaseLink();
  await linked;
  await expect(bubble(page, "Waiting for you")).toBeVisible();
  await expect(composer(page)).toBeEnabled();
  expect(openings).toHaveLength(2);
  await context.close();
  artist.close();
  sam.close();
});

test("a song page, the list and the desk follow a desk change live", async ({
  browser,
  baseURL,
}) => {
  const email = freshEmail("live-song");
  const artistApi = await ChatApi.register(baseURL!, "Live Song Artist", email, PASSWORD);
  const me = await artistApi.get<{ id: string }>("/api/me");
  const agent = await ChatApi.signIn(baseURL!, demo.agent1);
  const desk = (method: string, path: string, body: unknown) =>
    fetch(`${baseURL}${path}`, {
      method,
      headers: { cookie: agent.cookie, origin: baseURL!, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const fields = { artistId: me.id, type: "Live Wire", artist: "Nova", date: "2030-01-20" };
  const created = await desk("POST", "/api/desk/songs", { ...fields, status: "pending" });
  expect(created.status).toBe(201);
  const song = (await created.json()) as { id: string; version: number };

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, PASSWORD);
  await page.goto(`/song/${song.id}`);
  const status = page.getByRole("region", { name: "Current status" });
  await expect(status).toContainText(/pending/i);
  const list = await context.newPage();
  await list.goto("/songs");
  const card = list.getByRole("list", { name: "Songs" }).getByRole("listitem");
  // Every card has its date line: a pending one its planned release.
  await expect(card).toContainText("Planned release: Jan 20, 2030");

  const saved = await desk("PUT", `/api/desk/songs/${song.id}`, {
    ...fields,
    status: "released",
    version: song.version,
  });
  expect(saved.status).toBe(200);
  // Both tabs follow without a reload.
  await expect(status).toContainText(/released/i);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(/released/i);
  await expect(card).toContainText("Released: Jan 20, 2030");
  await context.close();
  artistApi.close();
  agent.close();
});
