import { expect, test, type Page } from "@playwright/test";
import { demo, freshEmail, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { ChatApi } from "./support/chat-api";

const PASSWORD = "Str0ng-pass!";
const rows = (page: Page) => page.getByRole("list", { name: "Conversations" });
const row = (page: Page, name: string) => rows(page).getByRole("link", { name: new RegExp(name) });
const awaitingFilter = (page: Page) => page.getByRole("button", { name: /^Awaiting reply/ });
const view = (page: Page, name: "Mine" | "Team" | "Resolved") =>
  page.getByRole("button", { name: new RegExp(`^${name}`) });

/** The filter's count, as its button shows it, matches the rows it lists. */
async function expectCountMatchesRows(page: Page) {
  await expect(async () => {
    const count = Number(await page.getByTestId("count-awaiting").textContent());
    expect(await rows(page).getByRole("link").count()).toBe(count);
  }).toPass();
}

/**
 * Issue 42: the agents' Awaiting reply filter with its count, within Mine
 * and Team, kept in the URL, live as artists write and agents answer.
 */
test("an agent narrows Mine and Team to the conversations awaiting a reply, live", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const waits = `Awaits Reply ${stamp}`;
  const answered = `Was Answered ${stamp}`;
  const waitsApi = await ChatApi.register(baseURL!, waits, freshEmail("await"), PASSWORD);
  const answeredApi = await ChatApi.register(baseURL!, answered, freshEmail("await"), PASSWORD);
  const alexId = await waitsApi.contactId("Alex");
  const waitsRoom = await waitsApi.openRoom(alexId);
  const answeredRoom = await answeredApi.openRoom(alexId);
  await waitsApi.send(waitsRoom, "Is anyone there?");
  await answeredApi.send(answeredRoom, "Hello");
  const alexApi = await ChatApi.signIn(baseURL!, demo.agent1);
  await alexApi.send(answeredRoom, "Hi, how can I help?");

  await signInAs(page, demo.agent1);
  await expect(view(page, "Mine")).toHaveAttribute("aria-pressed", "true");
  await expect(row(page, answered)).toBeVisible();
  await expect(awaitingFilter(page)).toHaveAttribute("aria-pressed", "false");

  // On: only where the artist spoke last, its count beside it, kept in the URL.
  await awaitingFilter(page).click();
  await expect(page).toHaveURL(/view=mine&awaiting=1/);
  await expect(awaitingFilter(page)).toHaveAttribute("aria-pressed", "true");
  await expect(row(page, waits)).toBeVisible();
  await expect(row(page, answered)).toHaveCount(0);
  await expectCountMatchesRows(page);
  const before = Number(await page.getByTestId("count-awaiting").textContent());
  await expectAccessible(page);

  // Live: the answered artist writes again and joins; an agent's answer takes one out.
  await answeredApi.send(answeredRoom, "One more question");
  await expect(row(page, answered)).toBeVisible();
  await expect(page.getByTestId("count-awaiting")).toHaveText(String(before + 1));
  await alexApi.send(waitsRoom, "Yes, I'm here");
  await expect(row(page, waits)).toHaveCount(0);
  await expect(page.getByTestId("count-awaiting")).toHaveText(String(before));
  await expectCountMatchesRows(page);

  // Team keeps the filter; a reload keeps both; Resolved has none.
  await view(page, "Team").click();
  await expect(page).toHaveURL(/view=team&awaiting=1/);
  await expect(row(page, answered)).toBeVisible();
  await expect(row(page, waits)).toHaveCount(0);
  await expectCountMatchesRows(page);
  await page.reload();
  await expect(view(page, "Team")).toHaveAttribute("aria-pressed", "true");
  await expect(awaitingFilter(page)).toHaveAttribute("aria-pressed", "true");
  await expect(row(page, answered)).toBeVisible();
  // A row keeps the filter: back from the conversation, the same list.
  await expect(row(page, answered)).toHaveAttribute("href", /view=team&awaiting=1/);
  await view(page, "Resolved").click();
  await expect(page).not.toHaveURL(/awaiting/);
  await expect(awaitingFilter(page)).toHaveCount(0);
  // Off again: the whole view.
  await view(page, "Mine").click();
  await awaitingFilter(page).click();
  await awaitingFilter(page).click();
  await expect(page).not.toHaveURL(/awaiting/);
  await expect(row(page, waits)).toBeVisible();
  waitsApi.close();
  answeredApi.close();
  alexApi.close();
});
