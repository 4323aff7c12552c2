import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { ChatApi } from "./chat-api";
import { demo, freshEmail, signInAs } from "./accounts";
import { runBuiltCli } from "./built-cli";
import { ReleaseDeskApi } from "./release-desk";
import { submitReleaseAsArtist } from "./desk-releases";

export const PASSWORD = "Str0ng-pass!";

/**
 * A finance agent made as an operator would (issue 46): the built CLI's
 * `create-admin --finance`, on the e2e server's data folder.
 */
export async function createFinanceAgent(name: string): Promise<string> {
  const email = freshEmail("finance");
  await runBuiltCli([
    "create-admin",
    "--email",
    email,
    "--password",
    PASSWORD,
    "--name",
    name,
    "--finance",
  ]);
  return email;
}

export interface ReleasedArtist {
  id: string;
  email: string;
  name: string;
  /** The approved tracks: title, ISRC (compact, as statements carry it) and song page. */
  tracks: { title: string; isrc: string; songId: string }[];
}

/**
 * A new artist with an approved two-track release (ISRCs assigned at
 * approval: what statements are matched on), made through the artist's own
 * form in a context of its own and approved by a demo agent through the API;
 * the artist has a conversation with that agent (Alex), for the desk's side.
 */
export async function releasedArtist(
  browser: Browser,
  baseURL: string,
  name: string,
  titles: [string, string],
): Promise<ReleasedArtist> {
  const email = freshEmail("earning-artist");
  const api = await ChatApi.register(baseURL, name, email, PASSWORD);
  await api.openRoom(await api.contactId("Alex"));
  const { id: artistId } = await api.get<{ id: string }>("/api/me");
  api.close();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, PASSWORD);
  const id = await submitReleaseAsArtist(page, `${name} Sessions`, [
    [titles[0], "song.wav"],
    [titles[1], "song-2.wav"],
  ]);
  await context.close();
  const desk = await ReleaseDeskApi.signIn(baseURL, demo.agent1);
  await desk.startReview(id);
  const approved = await desk.approve(id);
  desk.close();
  return {
    id: artistId,
    email,
    name,
    tracks: approved.tracks.map((t) => ({ title: t.title, isrc: t.isrc, songId: t.songId! })),
  };
}

/** Uploads a statement on /desk/statements and lands on its page; answers its id. */
export async function uploadStatement(page: Page, name: string, csv: string): Promise<string> {
  await page.goto("/desk/statements");
  await page
    .getByLabel("Statement file")
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page).toHaveURL(/\/desk\/statements\/[^/]+$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  return page.url().split("/").pop()!;
}

/** A figure of the preview or the totals: the <dd> after the <dt> `term` in `scope`. */
export const figure = (scope: Locator, term: string): Locator =>
  scope
    .locator("dt", { hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");

/** The statement page's results region ("Preview" before the import, "Totals" after). */
export const results = (page: Page, name: "Preview" | "Totals"): Locator =>
  page.getByRole("region", { name });

/** Checks the four totals of a results region, in rupees. */
export async function expectTotals(
  scope: Locator,
  totals: { Total: string; Artists: string; Label: string; Unmatched: string },
) {
  for (const [term, amount] of Object.entries(totals)) {
    await expect(figure(scope, term)).toHaveText(amount);
  }
}

/** One CSV line from cells (none of the journeys' cells needs quoting). */
export const csv = (rows: (string | number)[][]): string =>
  `${rows.map((row) => row.join(",")).join("\n")}\n`;
