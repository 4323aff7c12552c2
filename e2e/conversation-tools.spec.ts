import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { awayLabel, utcDay } from "../src/shared/availability";
import type { ChatMessage } from "../src/shared/chat";
import { chatEvents } from "../src/shared/chat-events";
import { demo, freshEmail, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { ChatApi } from "./support/chat-api";

const PASSWORD = "Str0ng-pass!";
const messages = (page: Page) => page.getByRole("list", { name: "Messages" });
const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });
const bubble = (page: Page, text: string | RegExp) =>
  messages(page).getByRole("listitem").filter({ hasText: text });

/** A JSON request as the signed-in person of `api`. */
async function call(api: ChatApi, method: string, path: string, body?: unknown) {
  const response = await fetch(`${api.baseURL}${path}`, {
    method,
    headers: {
      cookie: api.cookie,
      origin: api.baseURL,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

async function sendQuoting(api: ChatApi, roomId: string, text: string, quoteId: string) {
  const socket = await api.rawSocket();
  const ack = await socket.emitWithAck(chatEvents.send, {
    id: randomUUID(),
    roomId,
    text,
    quoteId,
  });
  if (!ack.ok) throw new Error(ack.error);
  return ack.message;
}

test("an artist: unread divider, away and reply time live, safe links, quotes both ways with a jump 500 back, search over unloaded history", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const email = freshEmail("tools");
  const artist = await ChatApi.register(baseURL!, "Tool Tester", email, PASSWORD);
  const samId = await artist.contactId("Sam");
  const roomId = await artist.openRoom(samId);
  const sam = await ChatApi.signIn(baseURL!, demo.agent2);
  try {
    // Five waits Sam answered: enough samples for "Usually replies within".
    for (let i = 1; i <= 5; i++) {
      await artist.send(roomId, `Question ${i}`);
      await sam.send(roomId, `Answer ${i}`);
    }
    const question = await artist.send(roomId, "Where is the ISRC from March?\nSecond line");
    await sam.sendMany(roomId, 520, "Filler");
    await call(artist, "POST", `/api/chat/rooms/${roomId}/read`);
    await sendQuoting(sam, roomId, "Your ISRC: QZ-ABC-24-00001", question.id);
    const longUrl = `https://example.com/${"segment-".repeat(20)}end`;
    await sam.send(roomId, `Read ${longUrl} but not javascript:alert(1) or <b>bold</b>`);
    await sam.send(roomId, "Last one");
    const until = utcDay(Date.now() + 7 * 86_400_000);
    await call(sam, "PUT", "/api/availability", { away: true, until });

    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs(page, email, PASSWORD);
    await page.goto(`/chat/${samId}`);

    // The divider above the first unread message, and the view starts there.
    const divider = messages(page).getByText("3 unread messages");
    await expect(divider).toBeInViewport();
    await expect(bubble(page, "Your ISRC")).toBeInViewport();

    // Away and the usual reply time in the header; coming back shows live.
    const header = page.getByRole("banner").or(page.locator("section header")).first();
    await expect(header).toContainText(awayLabel(until));
    await expect(header).toContainText(/Usually replies within/);

    // Links: only the web address; it opens in a new tab without the opener.
    const link = bubble(page, "Read https").getByRole("link");
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute("href", longUrl);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(bubble(page, "Read https")).toContainText("javascript:alert(1) or <b>bold</b>");
    await expect(page.locator('a[href^="javascript"]')).toHaveCount(0);
    // The long address wraps inside the bubble at 375 px: nothing wider than the screen.
    const box = (await bubble(page, "Read https").boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    await call(sam, "PUT", "/api/availability", { away: false });
    await expect(header).not.toContainText("Away");

    // The agent's quote: clicking it loads 500+ messages of history and lands on the question.
    await bubble(page, "Your ISRC")
      .getByRole("button", {
        name: /Quoted message from Tool Tester: Where is the ISRC from March\?/,
      })
      .click();
    const original = bubble(page, "Where is the ISRC from March?").first();
    await expect(original).toBeInViewport();
    await expect(original).toBeFocused();

    // The artist's quote: Reply on Sam's last message, the preview, then the sent quote.
    const last = bubble(page, "Last one");
    await last.scrollIntoViewIfNeeded();
    await last.hover();
    await last.getByRole("button", { name: /Reply to Sam/ }).click();
    await expect(page.getByRole("group", { name: "Replying to" })).toContainText("Last one");
    await expect(composer(page)).toBeFocused();
    await composer(page).fill("Thanks for that!");
    await composer(page).press("Enter");
    await expect(page.getByRole("group", { name: "Replying to" })).toHaveCount(0);
    await expect(
      bubble(page, "Thanks for that!").getByRole("button", { name: /Quoted message from Sam/ }),
    ).toContainText("Last one");
    await expect
      .poll(async () => (await sam.messages(roomId)).at(-1)?.quote?.excerpt)
      .toBe("Last one");

    // Search runs on the server: a fresh page holds only the latest 200 messages.
    await page.reload();
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("searchbox", { name: "Search messages" }).fill("march");
    await expect(page.getByRole("status").filter({ hasText: "1 of 1" })).toBeVisible();
    const found = bubble(page, "Where is the ISRC from March?").first();
    await expect(found).toBeInViewport();
    await expect(found.locator("mark")).toHaveText("March");
    await page.getByRole("searchbox", { name: "Search messages" }).fill("isrc");
    await expect(page.getByRole("status").filter({ hasText: "1 of 2" })).toBeVisible();
    await page.getByRole("button", { name: "Next match" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 of 2" })).toBeVisible();
    await expectAccessible(page);
  } finally {
    await call(sam, "PUT", "/api/availability", { away: false }).catch(() => undefined);
    artist.close();
    sam.close();
  }
});

test("an agent: saved replies with variables through the / menu, a quote reply, Away from the settings", async ({
  page,
  baseURL,
}) => {
  const email = freshEmail("tools-agent");
  const artist = await ChatApi.register(baseURL!, "Quote Fan", email, PASSWORD);
  const samId = await artist.contactId("Sam");
  const roomId = await artist.openRoom(samId);
  const artistId = (await artist.get<{ id: string }>("/api/me")).id;
  await artist.send(roomId, "Hello, can you check my release?");
  const shortcut = `hi${Date.now().toString(36)}`;
  const sam = await ChatApi.signIn(baseURL!, demo.agent2);
  try {
    await signInAs(page, demo.agent2);
    await page.goto("/saved-replies");
    await page.getByLabel("Shortcut").fill(`/${shortcut}`);
    await page
      .getByLabel("Text")
      .fill(
        "Hi {{artist.name}} ({{artist.email}}), about {{song.title}}: {{agent.name}} here. {{mood}}",
      );
    await page.getByRole("button", { name: "Add saved reply" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Saved /${shortcut}.` })).toBeVisible();
    await expect(page.getByRole("list", { name: "Saved replies" })).toContainText(`/${shortcut}`);
    await expectAccessible(page);

    await page.goto(`/inbox/${artistId}`);
    // The room is open (the cursor waits for it): a reply's placeholders need it.
    await expect(composer(page)).toBeFocused();
    await composer(page).fill("/");
    await composer(page).pressSequentially(shortcut.slice(0, 4));
    const option = page.getByRole("option", { name: new RegExp(`/${shortcut}`) });
    await expect(option).toBeVisible();
    await composer(page).press("Enter");
    await expect(composer(page)).toHaveValue(
      `Hi Quote Fan (${email}), about {{song.title}}: Sam (Support) here. {{mood}}`,
    );
    await composer(page).press("End");
    await composer(page).pressSequentially(" Edited.");
    // A quote of the artist's question on the agent's side.
    const hello = bubble(page, "Hello, can you check");
    await hello.hover();
    await hello.getByRole("button", { name: /Reply to Quote Fan/ }).click();
    await composer(page).press("Enter");
    const sent = bubble(page, "Edited.");
    await expect(sent.getByRole("button", { name: /Quoted message from Quote Fan/ })).toBeVisible();
    // The bubble shows at once from the outbox: read the room once the server has it.
    await expect(sent.getByRole("img", { name: "Sent", exact: true })).toBeVisible();
    const stored = await artist.messages(roomId);
    const mine: ChatMessage | undefined = stored.at(-1);
    expect(mine?.text).toContain("Hi Quote Fan");
    expect(mine?.text).not.toContain("undefined");
    expect(mine?.quote?.excerpt).toBe("Hello, can you check my release?");

    // Away from the settings: the artist sees it.
    await page.goto("/settings");
    await page.getByRole("switch", { name: "Away" }).click();
    await page.getByRole("button", { name: "Save availability" }).click();
    await expect(page.getByText("Saved. Artists see “Away”.")).toBeVisible();
    const contacts =
      await artist.get<{ userId: string; availability?: { away: boolean } }[]>(
        "/api/chat/contacts?q=",
      );
    expect(contacts.find((c) => c.userId === samId)?.availability?.away).toBe(true);
  } finally {
    await call(sam, "PUT", "/api/availability", { away: false }).catch(() => undefined);
    artist.close();
    sam.close();
  }
});
