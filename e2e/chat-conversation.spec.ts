import fs from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import type { ChatContact } from "../src/shared/chat";
import { solidPng } from "../src/cli/seed/solid-png";
import { demo, freshEmail, freshName, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { ChatApi } from "./support/chat-api";
import { holdRequests, ROOM_OPENING } from "./support/hold-requests";
import { liveLinkUp } from "./support/live-link";

const PASSWORD = "Str0ng-pass!";
const messages = (page: Page) => page.getByRole("list", { name: "Messages" });
const history = (page: Page) => page.getByRole("region", { name: "Message history" });
const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });
const bubble = (page: Page, text: string | RegExp) =>
  messages(page).getByRole("listitem").filter({ hasText: text });

/** Fully inside the window, not merely in the DOM. */
async function expectOnScreen(page: Page, locator: Locator) {
  await expect(locator).toBeInViewport({ ratio: 1 });
  const box = (await locator.boundingBox())!;
  const height = page.viewportSize()!.height;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

/** The page itself never scrolls in a conversation: only the message list does. */
async function expectPageDoesNotScroll(page: Page) {
  const { scroll, height } = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollHeight,
    height: window.innerHeight,
  }));
  expect(scroll).toBeLessThanOrEqual(height);
}

/** A fresh artist with their own conversation with Sam (agent2), seeded through the API. */
async function freshArtistWithSam(baseURL: string, name: string) {
  const email = freshEmail("chat");
  const artist = await ChatApi.register(baseURL, name, email, PASSWORD);
  const samId = await artist.contactId("Sam");
  const roomId = await artist.openRoom(samId);
  const sam = await ChatApi.signIn(baseURL, demo.agent2);
  return { email, artist, sam, roomId };
}

test("a 1,000-message conversation: fixed header and composer, opens at the newest, every message reachable", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { email, artist, sam, roomId } = await freshArtistWithSam(baseURL!, "Long Talker");
  await artist.sendMany(roomId, 1000);
  await sam.send(roomId, "Latest from Sam");

  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, email, PASSWORD);
  // Older pages load only when asked for: the list mounts empty before its
  // rows render, which must not read as "a short page, load on".
  const olderPages: string[] = [];
  page.on("request", (request) => {
    if (/\/messages\?before=/.test(request.url())) olderPages.push(request.url());
  });
  await page.getByRole("link", { name: /Sam/ }).click();

  // Opens at the newest message with the header and the composer on screen.
  await expect(bubble(page, "Latest from Sam")).toBeInViewport();
  expect(olderPages).toEqual([]);
  await expectOnScreen(page, page.getByRole("link", { name: "Back to chats" }));
  await expectOnScreen(page, composer(page));
  await expect(composer(page)).toBeFocused();
  await expectPageDoesNotScroll(page);
  await expect(messages(page).getByText("Today")).toBeVisible();

  // Scrolling up loads older pages by key and keeps the reading position.
  const body = (text: string) => messages(page).getByText(text, { exact: true });
  const firstHeld = (await messages(page).locator("li p").first().textContent())!;
  await history(page).evaluate((el) => (el.scrollTop = 0));
  await expect
    .poll(() =>
      messages(page)
        .getByText(/^Message \d+$/)
        .count(),
    )
    .toBeGreaterThan(300);
  await expect(body(firstHeld)).toBeInViewport();

  // "New messages" while scrolled up, then back to the end.
  await sam.send(roomId, "Are you still there?");
  const newMessages = page.getByRole("button", { name: "New messages" });
  await expect(newMessages).toBeVisible();
  await expect(bubble(page, "Are you still there?")).not.toBeInViewport();
  await newMessages.click();
  await expect(bubble(page, "Are you still there?")).toBeInViewport();
  await expect(newMessages).toBeHidden();

  // The very first message is reachable from the top.
  await expect(async () => {
    await history(page).evaluate((el) => (el.scrollTop = 0));
    await expect(page.getByText("Start of the conversation")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(body("Message 1")).toHaveCount(1);
  await expect(messages(page).getByText(/^Message \d+$/)).toHaveCount(1000);
  await expectOnScreen(page, composer(page));
  await expectPageDoesNotScroll(page);

  // The agent's side holds up the same, on a desktop screen.
  const agentPage = await page.context().browser()!.newPage();
  await agentPage.setViewportSize({ width: 1280, height: 720 });
  await signInAs(agentPage, demo.agent2);
  await agentPage.getByRole("link", { name: /Long Talker/ }).click();
  await expect(bubble(agentPage, "Are you still there?")).toBeInViewport();
  await expectOnScreen(agentPage, composer(agentPage));
  await expectOnScreen(
    agentPage,
    agentPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }),
  );
  await expectPageDoesNotScroll(agentPage);
  await agentPage.close();
  artist.close();
  sam.close();
});

test("a first page too short for a tall screen loads the older one by itself, once its rows are in", async ({
  page,
  baseURL,
}) => {
  // One page (200 messages, ~16,100 px on a desktop) and a few more: on a
  // screen taller than the page there is nothing to scroll, so the list must
  // load the rest unasked.
  const { email, artist, sam, roomId } = await freshArtistWithSam(baseURL!, "Tall Screen");
  await artist.sendMany(roomId, 210);
  await page.setViewportSize({ width: 1280, height: 16_384 });
  await signInAs(page, email, PASSWORD);
  const olderPages: string[] = [];
  page.on("request", (request) => {
    if (/\/messages\?before=/.test(request.url())) olderPages.push(request.url());
  });
  await page.getByRole("link", { name: /Sam/ }).click();
  await expect(messages(page).getByText("Message 210", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Start of the conversation")).toBeVisible();
  await expect(messages(page).getByText(/^Message \d+$/)).toHaveCount(210);
  expect(olderPages).toHaveLength(1);
  artist.close();
  sam.close();
});

test("a conversation with nothing unread shows its messages while its opening is still on the way, for both sides", async ({
  browser,
  baseURL,
}) => {
  const { email, artist, sam, roomId } = await freshArtistWithSam(baseURL!, "Quiet Room");
  const samId = await artist.contactId("Sam");
  const artistId = roomId.split("-").find((id) => id !== samId)!;
  await artist.send(roomId, "Is the release on track?");
  await sam.send(roomId, "Yes, it goes out Friday");

  for (const [account, password, address, viewer, other] of [
    [email, PASSWORD, `/chat/${samId}`, artist, sam],
    [demo.agent2, undefined, `/inbox/${artistId}`, sam, artist],
  ] as const) {
    // Nothing unread on either side (an unread one waits for the opening's divider).
    await artist.markRead(roomId);
    await sam.markRead(roomId);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, account, password);
    // The room's opening answers slowly (a slow network): the list beside the
    // conversation already names the room, so its messages need not wait.
    const release = await holdRequests(page, ROOM_OPENING);
    const linked = liveLinkUp(page, address);
    await page.goto(address);
    await expect(bubble(page, "Yes, it goes out Friday")).toBeVisible();
    // The live link comes up meanwhile (after at most 3 s) and brings a new
    // message: it is read once the room is open, not left unread.
    await linked;
    const meanwhile = `Meanwhile, to ${account}`;
    // The list hears it too and counts it unread: the thread on screen stays.
    const listed = page.waitForResponse(
      async (r) =>
        /\/api\/(chat\/contacts|desk\/conversations)/.test(r.url()) &&
        (await r.text()).includes(meanwhile),
    );
    await other.send(roomId, meanwhile);
    await expect(bubble(page, meanwhile)).toBeVisible();
    await listed;
    await page.waitForTimeout(300);
    await expect(bubble(page, meanwhile)).toBeVisible();
    // A reply sent before the opening answers is kept, and goes once it has.
    await composer(page).fill(`Noted by ${account}`);
    await composer(page).press("Enter");
    const holding = page.getByRole("status").filter({
      hasText: "Sending as soon as the conversation is open…",
    });
    await expect(holding).toBeVisible();
    await expect(composer(page)).toHaveValue("");
    release();
    await expect(holding).toBeHidden();
    await expect
      .poll(async () => {
        const rows = await viewer.get<ChatContact[]>("/api/chat/contacts?q=");
        return rows.find((row) => row.roomId === roomId)?.unread;
      })
      .toBe(0);
    // Sent once: the held message goes when the room opens, and only then.
    await expect(bubble(page, `Noted by ${account}`)).toHaveCount(1);
    await expect
      .poll(async () =>
        (await artist.messages(roomId)).filter((m) => m.text === `Noted by ${account}`),
      )
      .toHaveLength(1);
    await context.close();
  }
  artist.close();
  sam.close();
});

test("the composer: lines, Enter and Shift+Enter, focus, paste, drop, and files refused with the server's reason", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const { email, artist, sam, roomId } = await freshArtistWithSam(baseURL!, "Composer Artist");
  await signInAs(page, email, PASSWORD);
  await page.getByRole("link", { name: /Sam/ }).click();
  const box = composer(page);
  await expect(box).toBeFocused();

  // Shift+Enter adds a line, Enter sends; line breaks are stored and shown.
  await box.pressSequentially("first line");
  await box.press("Shift+Enter");
  await box.pressSequentially("second line");
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(box).toBeFocused();
  const sent = bubble(page, "first line");
  await expect(sent.getByRole("img", { name: "Sent", exact: true })).toBeVisible();
  const stored = await sam.messages(roomId);
  expect(stored.at(-1)!.text).toBe("first line\nsecond line");
  await expect(sent.locator("p")).toHaveText("first line\nsecond line");
  // Send by button: the cursor stays in the box.
  await box.fill("by the button");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(bubble(page, "by the button")).toBeVisible();
  await expect(box).toBeFocused();

  // Paste an image from the clipboard.
  const png = [...solidPng(24, 24, [200, 40, 40])];
  await box.evaluate((el, bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], "pasted.png", { type: "image/png" }));
    el.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, png);
  await expect(messages(page).getByRole("button", { name: "Open image pasted.png" })).toBeVisible();
  await expect(
    bubble(page, "pasted.png").getByRole("img", { name: "Sent", exact: true }),
  ).toBeVisible();

  // Drag a file over the conversation: a drop zone; dropping sends it, the page stays.
  const url = page.url();
  const section = page.getByRole("region", { name: "Conversation" });
  const dropped = await section.evaluateHandle((_el, bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], "dropped.png", { type: "image/png" }));
    return data;
  }, png);
  await section.dispatchEvent("dragenter", { dataTransfer: dropped });
  await expect(page.getByText("Drop files to send")).toBeVisible();
  await section.dispatchEvent("dragover", { dataTransfer: dropped });
  await section.dispatchEvent("drop", { dataTransfer: dropped });
  await expect(page.getByText("Drop files to send")).toBeHidden();
  await expect(
    messages(page).getByRole("button", { name: "Open image dropped.png" }),
  ).toBeVisible();
  expect(page.url()).toBe(url);
  await expect(box).toBeFocused();
  // Sent, so its upload is over before the refused files' uploads are counted
  // (its preview shows first; its upload once counted below, in CI).
  await expect(
    bubble(page, "dropped.png").getByRole("img", { name: "Sent", exact: true }),
  ).toBeVisible();

  // Too large: refused in the browser with the server's message, nothing uploaded.
  let uploads = 0;
  page.on("request", (r) => {
    if (r.url().includes("/api/uploads") && r.method() === "POST") uploads += 1;
  });
  // From disk: the browser reads it directly, nothing goes through the protocol.
  const huge = path.join(testInfo.outputDir, "huge.png");
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  fs.writeFileSync(huge, Buffer.alloc(26 * 1024 * 1024, 1));
  await page.getByLabel("Image file").setInputFiles(huge);
  await expect(page.getByRole("alert")).toHaveText(
    "huge.png: This file is too large. The limit is 25 MB.",
  );
  expect(uploads).toBe(0);

  // A text file named .png: the browser reads its bytes and refuses it before
  // any upload (issue 26); the server's own refusal is the outbox's unit test.
  await page.getByLabel("Image file").setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("just some text, not an image\n".repeat(20)),
  });
  await expect(page.getByRole("alert")).toHaveText(
    "notes.png: This file is not an image, whatever its name says. Please choose another file.",
  );
  expect(uploads).toBe(0);
  await expect(bubble(page, "notes.png")).toHaveCount(0);
  await expectAccessible(page);
  // The refusal stays until dismissed; then the message box has focus again.
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(composer(page)).toBeFocused();
  await page.reload();
  await expect(bubble(page, "first line")).toBeVisible();
  await expect(bubble(page, "notes.png")).toHaveCount(0);
  artist.close();
  sam.close();
});

test("offline: a banner, and a pending text and a pending upload arrive exactly once after a reload", async ({
  browser,
  baseURL,
}) => {
  const { email, artist, sam, roomId } = await freshArtistWithSam(baseURL!, "Offline Artist");
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, PASSWORD);
  await page.getByRole("link", { name: /Sam/ }).click();
  await expect(composer(page)).toBeFocused();

  // Offline: the banner says so, the message waits with its clock.
  await context.setOffline(true);
  await expect(
    page.getByText("You're offline. Messages will be sent when you're back."),
  ).toBeVisible();
  await composer(page).fill("LOST-1");
  await composer(page).press("Enter");
  await expect(bubble(page, "LOST-1").getByRole("img", { name: "Sending" })).toBeVisible();
  await expectAccessible(page);
  // Back online and reloaded at once: it is sent, once.
  await context.setOffline(false);
  await page.reload();
  await expect(
    bubble(page, "LOST-1").getByRole("img", { name: "Sent", exact: true }),
  ).toBeVisible();
  await expect(bubble(page, "LOST-1")).toHaveCount(1);
  await expect
    .poll(async () => (await sam.messages(roomId)).filter((m) => m.text === "LOST-1").length)
    .toBe(1);

  // An upload whose last answer is lost (the server has every byte, the page
  // never hears so) resumes after a reload and arrives once.
  let lostAnswer = false;
  let stored!: () => void;
  const serverHasEveryByte = new Promise<void>((resolve) => (stored = resolve));
  await page.route("**/api/uploads/**", async (route) => {
    if (route.request().method() !== "PATCH" || lostAnswer) return route.continue();
    lostAnswer = true;
    await route.fetch(); // the server stores it; the answer never reaches the page
    stored();
  });
  await page.getByLabel("Image file").setInputFiles({
    name: "half-way.png",
    mimeType: "image/png",
    buffer: solidPng(80, 60, [10, 90, 200]),
  });
  await expect(page.getByRole("progressbar", { name: "Uploading half-way.png" })).toBeVisible();
  // Reloaded once the server has it all, with the request still held: an
  // unroute first would let the held PATCH go out again.
  await serverHasEveryByte;
  await page.reload();
  await page.unrouteAll({ behavior: "ignoreErrors" });
  const image = messages(page).getByRole("button", { name: "Open image half-way.png" });
  // The resume loads the upload code, asks the server how far it got, then
  // sends the message: give a loaded machine more than the default 10 s.
  await expect(image).toBeVisible({ timeout: 20_000 });
  await expect(
    bubble(page, "half-way.png").getByRole("img", { name: "Sent", exact: true }),
  ).toBeVisible();
  await expect
    .poll(
      async () => (await sam.messages(roomId)).filter((m) => m.fileName === "half-way.png").length,
    )
    .toBe(1);
  await page.reload();
  await expect(image).toHaveCount(1);
  await expect(bubble(page, "LOST-1")).toHaveCount(1);
  await context.close();
  artist.close();
  sam.close();
});

test("the agent's inbox: 'You:' before their own last message, and the waiting artist first in Mine", async ({
  page,
  baseURL,
}) => {
  const waiting = await freshArtistWithSam(baseURL!, "Waiting Artist");
  await waiting.artist.send(waiting.roomId, "Any news on my release?");
  const answered = await freshArtistWithSam(baseURL!, "Answered Artist");
  await answered.artist.send(answered.roomId, "Thanks!");
  await answered.sam.send(answered.roomId, "You're welcome");

  await signInAs(page, demo.agent2);
  const rows = page.getByRole("list", { name: "Conversations" });
  await expect(page.getByRole("button", { name: /^Mine/ })).toHaveAttribute("aria-pressed", "true");
  await expect(rows.getByRole("link", { name: /Answered Artist/ })).toContainText(
    "You: You're welcome",
  );
  const waitingRow = rows.getByRole("link", { name: /Waiting Artist/ });
  await expect(waitingRow).toContainText("Any news on my release?");
  await expect(waitingRow).not.toContainText("You:");
  await expect(waitingRow).toContainText(/Waiting \d+ min/);
  await expect(rows.getByRole("link", { name: /Answered Artist/ })).not.toContainText("Waiting");
  // Waiting conversations come first.
  const names = await rows.getByRole("link").allTextContents();
  const at = (name: string) => names.findIndex((n) => n.includes(name));
  expect(at("Waiting Artist")).toBeLessThan(at("Answered Artist"));
  await expectAccessible(page);
  for (const side of [waiting, answered]) {
    side.artist.close();
    side.sam.close();
  }
});

test("presence: typing both ways, 'Seen' from the read marks, and the unread count in the tab title and the navigation", async ({
  browser,
  baseURL,
}) => {
  // Two signed-in pages and axe in both themes: more than a minute on 2 busy cores.
  test.setTimeout(120_000);
  const email = freshEmail("presence");
  // Named for this run: a repeated run lists its earlier artists too.
  const name = freshName("Present Artist");
  const seed = await ChatApi.register(baseURL!, name, email, PASSWORD);
  seed.close();
  const artistContext = await browser.newContext();
  const agentContext = await browser.newContext();
  const artist = await artistContext.newPage();
  const agent = await agentContext.newPage();
  await signInAs(artist, email, PASSWORD);
  await artist.getByRole("link", { name: /Sam/ }).click();
  await composer(artist).fill("Hello Sam");
  await composer(artist).press("Enter");
  await expect(
    bubble(artist, "Hello Sam").getByRole("img", { name: "Sent", exact: true }),
  ).toBeVisible();
  await expect(artist.getByText("Seen", { exact: true })).toHaveCount(0);

  // The agent sees the unread count in the tab title and on the Inbox item, on another page.
  await signInAs(agent, demo.agent2);
  await agent.goto("/settings");
  await expect(agent).toHaveTitle(/^\(\d+\) Settings · Artist Portal$/);
  const inboxItem = agent
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /Inbox/ });
  await expect(inboxItem).toContainText(/unread message/);
  const linkUp = liveLinkUp(agent, "/");
  await agent.goto("/");
  await linkUp;
  // One live link for the rest of the visit: a screen loading its chunk must
  // not close and reopen it (a typing signal sent meanwhile would be lost).
  let agentLinks = 0;
  agent.on("websocket", () => (agentLinks += 1));
  await agent
    .getByRole("list", { name: "Conversations" })
    .getByRole("link", { name: new RegExp(name) })
    .click();

  // The agent read it: "Seen" appears live under the artist's message.
  await expect(bubble(artist, "Hello Sam")).toContainText("Seen");

  // Typing, both ways.
  await composer(agent).pressSequentially("Let me check", { delay: 30 });
  await expect(artist.getByText("Sam (Support) is typing…")).toBeVisible();
  await composer(agent).press("Enter");
  await expect(artist.getByText("Sam (Support) is typing…")).toBeHidden();
  await expect(bubble(artist, "Let me check")).toBeVisible();
  await composer(artist).pressSequentially("Thanks", { delay: 30 });
  await expect(agent.getByText(`${name} is typing…`)).toBeVisible();
  expect(agentLinks).toBe(0);
  await expectAccessible(agent);

  // The artist away on another page: the agent's reply counts in the artist's title.
  await artist.goto("/settings");
  await expect(artist).toHaveTitle("Settings · Artist Portal");
  await composer(agent).fill("One more thing");
  await composer(agent).press("Enter");
  await expect(artist).toHaveTitle("(1) Settings · Artist Portal");
  await expect(
    artist.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Chat/ }),
  ).toContainText("1 unread message");
  await artistContext.close();
  await agentContext.close();
});
