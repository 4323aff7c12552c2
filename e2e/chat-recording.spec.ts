import { expect, test } from "@playwright/test";
import { freshEmail, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { chromiumArgs, chromiumPath } from "./support/browser";
import { ChatApi } from "./support/chat-api";

// Chromium's fake microphone (a beep) and an automatic yes to the permission prompt.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: chromiumArgs("--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"),
  },
});

test("records a voice message with a timer, cancels one, and sends one as audio", async ({
  page,
  baseURL,
}) => {
  const email = freshEmail("voice");
  const artist = await ChatApi.register(baseURL!, "Voice Artist", email, "Str0ng-pass!");
  const roomId = await artist.openRoom(await artist.contactId("Sam"));
  await signInAs(page, email, "Str0ng-pass!");
  await page.getByRole("link", { name: /Sam/ }).click();
  const messages = page.getByRole("list", { name: "Messages" });

  // Cancel: nothing is sent, the composer is back.
  await page.getByRole("button", { name: "Record audio" }).click();
  const timer = page.getByRole("timer", { name: "Recording time" });
  // Counting: each second shows for one second only, which a retrying check
  // on a loaded machine may step over, so any later second will do.
  await expect(timer).toHaveText(/^0:0[1-9]$/);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Cancel recording" }).click();
  await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();
  await expect(messages.getByRole("listitem")).toHaveCount(0);

  // Record, then send: an audio message the server judged as audio.
  await page.getByRole("button", { name: "Record audio" }).click();
  await expect(timer).toHaveText(/^0:0[2-9]$/);
  await page.getByRole("button", { name: "Send recording" }).click();
  // Named "Voice message" (not its file name), with its real length, not 0:00.
  const voice = messages.getByRole("listitem").filter({ hasText: "Voice message" });
  await expect(voice.getByRole("img", { name: "Sent", exact: true })).toBeVisible();
  await expect(voice.getByLabel(/^Voice message, 0:(0[1-9]|1\d)$/)).toBeVisible();
  await expect(voice).not.toContainText("voice-message-");
  const stored = await artist.messages(roomId);
  expect(stored.map((m) => m.fileType)).toEqual(["audio"]);
  artist.close();
});
