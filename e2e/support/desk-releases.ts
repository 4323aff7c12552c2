import { expect, type Locator, type Page } from "@playwright/test";
import { gs1CheckDigit } from "../../src/shared/release-codes";
import { fillReleaseDetails, fillTrack, startRelease, expectSaved } from "./release-form";

/** The queue's rows (`/desk/releases`). */
export const queueRows = (page: Page): Locator =>
  page.getByRole("list", { name: "Releases" }).getByRole("listitem");

export const queueRow = (page: Page, title: string): Locator =>
  queueRows(page).filter({ hasText: title });

/** A view of the queue: its button, named by the view and its count ("Submitted 3"). */
export const viewButton = (page: Page, name: string): Locator =>
  page.getByRole("group", { name: "View" }).getByRole("button", { name: new RegExp(`^${name}`) });

/** The count a view's button shows. */
export async function viewCount(page: Page, name: string): Promise<number> {
  const text = await viewButton(page, name).innerText();
  return Number(/(\d+)\s*$/.exec(text)?.[1] ?? Number.NaN);
}

/** A value of the review page's facts: the <dd> after the <dt> `term`, within `scope`. */
export const fact = (scope: Locator, term: string): Locator =>
  scope
    .locator("dt", { hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");

/** A track of the review page, by its heading ("Track 1: First Rain"). */
export const reviewTrack = (page: Page, n: number): Locator =>
  page
    .getByRole("list", { name: "Tracks" })
    .getByRole("listitem")
    .nth(n - 1);

/** A store's row of the Stores table, named by its header cell. */
export const storeRow = (page: Page, store: string): Locator =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: store, exact: true }) });

/** An artist's complete release, made and submitted through the artist's own form. */
export async function submitReleaseAsArtist(
  page: Page,
  title: string,
  tracks: [string, "song.wav" | "song-2.wav"][],
): Promise<string> {
  const id = await startRelease(page);
  await fillReleaseDetails(page, title);
  for (const [index, [name, wav]] of tracks.entries()) {
    await page.getByRole("button", { name: "Add track" }).click();
    await fillTrack(page, index + 1, name, wav);
  }
  await expectSaved(page);
  const read = page.getByRole("checkbox", { name: "I have read these warnings" });
  if (await read.isVisible()) await read.check();
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("Submitted", { exact: true })).toBeVisible();
  return id;
}

/**
 * The artist sends the release back to the queue through the API (the
 * artist's Resubmit screen is another journey's): the current version, the
 * warnings acknowledged.
 */
export async function resubmitAsArtist(page: Page, baseURL: string, id: string): Promise<void> {
  const path = `/api/releases/${encodeURIComponent(id)}`;
  const release = await (await page.request.get(`${baseURL}${path}`)).json();
  const warnings = (release.issues as { key: string; severity: string }[])
    .filter((issue) => issue.severity === "warning")
    .map((issue) => issue.key);
  const answer = await page.request.post(`${baseURL}${path}/submit`, {
    headers: { origin: baseURL },
    data: { version: release.version, acknowledgedWarnings: warnings },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** IN-A1B-26-00001: the e2e server's ISRC_PREFIX (the default), this year, a counter. */
export function expectAssignedIsrc(isrc: string): void {
  const year = String(new Date().getUTCFullYear()).slice(2);
  expect(isrc).toMatch(new RegExp(`^IN-A1B-${year}-\\d{5}$`));
}

/** 12 digits, from UPC_PREFIX (the default 890123456), ending in their GS1 check digit. */
export function expectAssignedUpc(upc: string): void {
  expect(upc).toMatch(/^890123456\d{3}$/);
  expect(Number(upc.slice(-1))).toBe(gs1CheckDigit(upc.slice(0, -1)));
}

/** The statuses of the artist's songs (their "Your Songs"), through the API with the page's session. */
export async function songStatuses(page: Page, baseURL: string): Promise<string[]> {
  const answer = await page.request.get(`${baseURL}/api/songs`);
  const body = (await answer.json()) as { items: { status: string }[] };
  return body.items.map((song) => song.status.toLowerCase()).sort();
}

/** A subject as the portal writes it, the title quoted exactly. */
export const subject = (before: string, title: string, after = ""): RegExp =>
  new RegExp(`^${before} “${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}”${after}$`);
