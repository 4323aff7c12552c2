import { expect, test, type Page } from "@playwright/test";
import { freshEmail, register, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";

const PASSWORD = "Str0ng-pass!";

/** Puts an unsent message into this browser's outbox, as a send while offline would. */
async function leaveUnsentMessage(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("artist-portal-outbox", 1);
        open.onupgradeneeded = () => {
          open.result
            .createObjectStore("messages", { keyPath: "id" })
            .createIndex("byUser", "userId");
        };
        open.onerror = () => reject(open.error ?? new Error("open failed"));
        open.onsuccess = () => {
          const tx = open.result.transaction("messages", "readwrite");
          tx.objectStore("messages").put({
            id: "unsent-1",
            userId: "me",
            roomId: "r",
            senderName: "Me",
            text: "private words not yet sent",
            createdAt: Date.now(),
            file: null,
            fileId: null,
            failure: null,
          });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
  );
}

const outboxCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open("artist-portal-outbox");
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("messages")) return resolve(0);
          const count = db.transaction("messages").objectStore("messages").count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
  );

test("active sessions: end another browser's session from Settings; it is signed out live", async ({
  page,
  browser,
}) => {
  const email = freshEmail("sessions");
  await register(page, "Two Browsers", email, PASSWORD);

  // A second browser (its own cookies) signs in to the same account and waits in Settings.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, email, PASSWORD);
  await otherPage.goto("/settings");
  await expect(otherPage.getByRole("heading", { name: "Settings" })).toBeVisible();

  await page.goto("/settings");
  const sessions = page.getByRole("list", { name: "Signed-in devices" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByText("This device")).toHaveCount(1);
  await expect(sessions.getByText(/^Chrome on /).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toBeVisible();
  await expectAccessible(page);

  await sessions.getByRole("button", { name: /^Sign out / }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Signed out that device." }),
  ).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Active sessions" })).toBeFocused();

  // The other browser is signed out without a reload: its live connection closed.
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();

  // Log out here clears what this device kept: the unsent message goes too.
  await leaveUnsentMessage(page);
  expect(await outboxCount(page)).toBe(1);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => outboxCount(page)).toBe(0);
});
