import { expect, test, type Browser, type Page } from "@playwright/test";
import { demo, signInAs } from "./support/accounts";
import {
  PASSWORD,
  createFinanceAgent,
  csv,
  expectTotals,
  figure,
  releasedArtist,
  results,
  uploadStatement,
  type ReleasedArtist,
} from "./support/statements";
import { expectFitsAndAccessible } from "./support/screens";

/**
 * Issue 46 end to end: a finance agent imports store statements (columns
 * recognised, and chosen by hand with a USD rate), the preview's counts and
 * totals, the artist's wallet, earnings tables and CSV, the same file
 * refused, a line error refusing a statement, an unmatched ISRC assigned, a
 * reversal, and a support agent refused. One artist and one finance agent
 * for the whole file: the journeys follow each other (serial).
 */
test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36).toUpperCase();
let artist: ReleasedArtist;
let financeEmail: string;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  financeEmail = await createFinanceAgent("Fiona Finance");
  artist = await releasedArtist(browser, baseURL!, `Meera ${run}`, [
    `Monsoon ${run}`,
    `Paper Boats ${run}`,
  ]);
});

const isrc = (n: 0 | 1) => artist.tracks[n]!.isrc;

/** The artist, signed in on a page of their own. */
async function artistPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, artist.email, PASSWORD);
  return page;
}

/** File 1: every column recognised; 3 lines, all matched, in rupees. */
const recognisedFile = () =>
  csv([
    ["ISRC", "Store", "Country", "Sales Month", "Quantity", "Net Revenue", "Currency", "Title"],
    [isrc(0), "Spotify", "IN", "2026-10", 1000, "1000.00", "INR", "Monsoon"],
    [isrc(0), "JioSaavn", "IN", "2026-10", 500, "500.00", "INR", "Monsoon"],
    [isrc(1), "Spotify", "US", "2026-09", 200, "200.00", "INR", "Paper Boats"],
  ]);

test("a recognised file: columns proposed, the preview's counts and totals, Import, the artist's wallet, earnings tables and CSV, the same file refused", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, financeEmail, PASSWORD);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Statements" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Artists" })).toBeVisible();
  await nav.getByRole("link", { name: "Statements" }).click();
  await expect(page.getByRole("heading", { name: "Statements", level: 1 })).toBeVisible();

  const file = recognisedFile();
  await uploadStatement(page, `spotify-${run}.csv`, file);
  // Each field preselected from the header names the stores use.
  await expect(page.getByLabel("ISRC", { exact: true })).toHaveValue("ISRC");
  await expect(page.getByLabel("UPC", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Store", { exact: true })).toHaveValue("Store");
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("Country");
  await expect(page.getByLabel("Sale month", { exact: true })).toHaveValue("Sales Month");
  await expect(page.getByLabel("Quantity", { exact: true })).toHaveValue("Quantity");
  await expect(page.getByLabel("Net revenue", { exact: true })).toHaveValue("Net Revenue");
  await expect(page.getByLabel("Currency", { exact: true })).toHaveValue("Currency");
  await expect(
    page.getByLabel("UPC", { exact: true }).getByRole("option", { name: "Not in this file" }),
  ).toHaveCount(1);
  await expect(page.getByLabel("Store for the whole file")).toHaveCount(0);

  await page.getByRole("button", { name: "Preview" }).click();
  const preview = results(page, "Preview");
  await expect(preview.getByText("3 lines · 3 matched · 0 unmatched")).toBeVisible({
    timeout: 30_000,
  });
  // 85 % to the artist (the default rate), the rest to the label.
  await expectTotals(preview, {
    Total: "Rs.1,700.00",
    Artists: "Rs.1,445.00",
    Label: "Rs.255.00",
    Unmatched: "Rs.0.00",
  });
  await expectFitsAndAccessible(page);

  // The artist's wallet is open while the statement is imported: it follows live.
  const artistSide = await artistPage(browser);
  await artistSide.goto("/wallet");
  const balance = artistSide.getByRole("region", { name: "Available Balance" });
  await expect(balance.getByText("Rs.0.00")).toBeVisible();

  await page.getByRole("button", { name: "Import" }).click();
  const totals = results(page, "Totals");
  await expect(totals).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("Imported", { exact: true })).toBeVisible();
  await expectTotals(totals, {
    Total: "Rs.1,700.00",
    Artists: "Rs.1,445.00",
    Label: "Rs.255.00",
    Unmatched: "Rs.0.00",
  });

  await expect(balance.getByText("Rs.1,445.00")).toBeVisible({ timeout: 20_000 });
  const transactions = artistSide.getByRole("list", { name: "Recent Transactions" });
  await expect(transactions.getByRole("listitem")).toHaveCount(1);
  await expect(transactions.getByRole("listitem").first()).toContainText(/^Earnings · /);
  await expect(transactions.getByText("+Rs.1,445.00")).toBeVisible();
  await expectFitsAndAccessible(artistSide);

  // Earnings: the charts' numbers as tables, shown on request.
  await artistSide.getByRole("link", { name: "Earnings" }).click();
  await expect(artistSide.getByRole("heading", { name: "Earnings", level: 1 })).toBeVisible();
  await artistSide.getByRole("radio", { name: "All time" }).check();
  const byStore = artistSide.getByRole("region", { name: "By store" });
  const show = byStore.getByRole("button", { name: /Show numbers/ });
  await expect(show).toHaveAttribute("aria-expanded", "false");
  await show.click();
  await expect(byStore.getByRole("button", { name: /Hide numbers/ })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  const storeTable = byStore.getByRole("table", { name: "By store" });
  await expect(storeTable).toBeVisible();
  await expect(storeTable.getByRole("row", { name: /Spotify/ })).toContainText("Rs.1,020.00");
  await expect(storeTable.getByRole("row", { name: /JioSaavn/ })).toContainText("Rs.425.00");
  // The other tables are there for screen readers without being shown.
  const byTrack = artistSide.getByRole("table", { name: "By track" });
  await expect(byTrack.getByRole("row", { name: new RegExp(`Monsoon ${run}`) })).toContainText(
    "Rs.1,275.00",
  );
  await expect(
    artistSide.getByRole("table", { name: "By sale month" }).getByRole("row"),
  ).toHaveCount(3);
  await expectFitsAndAccessible(artistSide);

  const download = artistSide.waitForEvent("download");
  await artistSide.getByRole("link", { name: "Download CSV" }).click();
  const csvText = await (await download).createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  });
  const lines = csvText.trim().split(/\r?\n/);
  expect(lines[0]).toBe("Sale month,Store,Country,Track,ISRC,Quantity,Amount (Rs.)");
  expect(lines).toHaveLength(4);
  expect(csvText).toContain('"850.00"');

  // The first track's page: Streams and Earnings beside Views.
  await artistSide.goto(`/song/${artist.tracks[0]!.songId}`);
  const analytics = artistSide.getByRole("region", { name: "Analytics" });
  await expect(figure(analytics, "Streams")).toHaveText("1,500");
  await expect(figure(analytics, "Earnings")).toHaveText("Rs.1,275.00");
  await expect(figure(analytics, "Views")).toBeVisible();

  // Settings: the Earnings emails switch, on until turned off, kept after a reload.
  await artistSide.goto("/settings");
  const emails = artistSide.getByRole("switch", { name: "Earnings emails" });
  await expect(emails).toBeChecked();
  await emails.click();
  await expect(emails).not.toBeChecked();
  await artistSide.reload();
  await expect(artistSide.getByRole("switch", { name: "Earnings emails" })).not.toBeChecked();
  await artistSide.getByRole("switch", { name: "Earnings emails" }).click();
  await expect(artistSide.getByRole("switch", { name: "Earnings emails" })).toBeChecked();
  await artistSide.context().close();

  // The same file again, under another name: refused at upload.
  await page.goto("/desk/statements");
  await page
    .getByLabel("Statement file")
    .setInputFiles({ name: `again-${run}.csv`, mimeType: "text/csv", buffer: Buffer.from(file) });
  await expect(page.getByRole("alert")).toHaveText(
    /^This statement was already imported on \d{1,2} \w{3} \d{4}\.$/,
    { timeout: 30_000 },
  );
  await expect(page).toHaveURL(/\/desk\/statements$/);
  const list = page.getByRole("list", { name: "Statements" });
  await expect(list.getByRole("listitem").first()).toContainText(`spotify-${run}.csv`);
  await expect(list.getByRole("listitem").first()).toContainText("Imported");
  await expect(list.getByRole("listitem").first()).toContainText("Rs.1,700.00");
});

test("columns chosen by hand, the whole file's store, month and currency, and a USD rate", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, financeEmail, PASSWORD);
  await uploadStatement(
    page,
    `apple-${run}.csv`,
    csv([
      ["Recording", "Money", "Plays"],
      [isrc(0), "10.00", 40],
      [isrc(1), "2.50", 10],
    ]),
  );
  // Nothing recognised: every select says Not in this file.
  await expect(page.getByLabel("ISRC", { exact: true })).toHaveValue("");
  await page.getByLabel("ISRC", { exact: true }).selectOption("Recording");
  await page.getByLabel("Net revenue", { exact: true }).selectOption("Money");
  await page.getByLabel("Quantity", { exact: true }).selectOption("Plays");
  await page.getByLabel("Store for the whole file").selectOption("Apple Music");
  await page.getByLabel("Sale month for the whole file").fill("2026-11");
  await page.getByLabel("Currency for the whole file").fill("USD");
  const rate = page.getByLabel("1 USD in rupees");
  await expect(rate).toBeVisible();
  // A rate is required.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(rate).toHaveAccessibleDescription(/Enter what 1 USD is in rupees\./);
  await rate.fill("84.5");
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = results(page, "Preview");
  await expect(preview.getByText("2 lines · 2 matched · 0 unmatched")).toBeVisible({
    timeout: 30_000,
  });
  // 10 USD = Rs.845.00 (artist 718.25); 2.50 USD = Rs.211.25 (artist 179.5625 → 179.56).
  await expectTotals(preview, {
    Total: "Rs.1,056.25",
    Artists: "Rs.897.81",
    Label: "Rs.158.44",
    Unmatched: "Rs.0.00",
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(results(page, "Totals")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("Imported", { exact: true })).toBeVisible();

  // The artist's row on /desk/artists: the two statements' credits.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Artists" })
    .click();
  await page.getByLabel("Search artists").fill(artist.name);
  const row = page.getByRole("listitem", { name: artist.name });
  await expect(row).toContainText("Rs.2,342.81");
  await expect(row.getByLabel("Royalty rate (%)")).toHaveValue("85");
  await expectFitsAndAccessible(page);
});

test("a line that cannot be read refuses the statement", async ({ page }) => {
  await signInAs(page, financeEmail, PASSWORD);
  await uploadStatement(
    page,
    `broken-${run}.csv`,
    csv([
      ["ISRC", "Store", "Sales Month", "Net Revenue", "Currency"],
      [isrc(0), "Spotify", "2026-10", "5.00", "INR"],
      [isrc(1), "Spotify", "2026-10", "abc", "INR"],
    ]),
  );
  await page.getByRole("button", { name: "Preview" }).click();
  const errors = page.getByRole("list", { name: "Line errors" });
  await expect(errors.getByRole("listitem")).toHaveText([
    /^Line \d+: Net revenue "abc" is not a number\.$/,
  ]);
  await expect(page.getByRole("button", { name: "Import" })).toBeDisabled();
});

test("an unmatched ISRC assigned to the artist's track, then the statement reversed", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const lost = `QZ${run.slice(-3).padStart(3, "X")}26${String(Date.now() % 100_000).padStart(5, "0")}`;
  await signInAs(page, financeEmail, PASSWORD);
  await uploadStatement(
    page,
    `gaana-${run}.csv`,
    csv([
      ["ISRC", "Store", "Sales Month", "Net Revenue", "Currency", "Track Title", "Artist"],
      [isrc(1), "Gaana", "2026-08", "100.00", "INR", "Paper Boats", artist.name],
      [lost, "Gaana", "2026-08", "40.00", "INR", "Lost Song", artist.name],
    ]),
  );
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = results(page, "Preview");
  await expect(preview.getByText("2 lines · 1 matched · 1 unmatched")).toBeVisible({
    timeout: 30_000,
  });
  await expectTotals(preview, {
    Total: "Rs.140.00",
    Artists: "Rs.85.00",
    Label: "Rs.15.00",
    Unmatched: "Rs.40.00",
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(results(page, "Totals")).toBeVisible({ timeout: 60_000 });

  const unmatched = page.getByRole("region", { name: "Unmatched codes" });
  const code = unmatched.getByRole("listitem", { name: lost });
  await expect(code).toContainText("Lost Song");
  await expect(code).toContainText("1 line");
  await expect(code).toContainText("Rs.40.00");
  await code.getByRole("button", { name: "Assign" }).click();
  const dialog = page.getByRole("dialog", { name: `Assign ${lost}` });
  await dialog.getByLabel("Find a track").fill(`Monsoon ${run}`);
  await dialog.getByRole("button", { name: new RegExp(`^Credit Monsoon ${run}`) }).click();
  await expect(dialog).toHaveCount(0);
  await expect(unmatched.getByRole("listitem", { name: lost })).toHaveCount(0);
  await expectTotals(results(page, "Totals"), {
    Total: "Rs.140.00",
    Artists: "Rs.119.00",
    Label: "Rs.21.00",
    Unmatched: "Rs.0.00",
  });

  // Reverse statement asks first; Cancel changes nothing.
  await page.getByRole("button", { name: "Reverse statement" }).click();
  const ask = page.getByRole("dialog", { name: "Reverse this statement?" });
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Imported", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Reverse statement" }).click();
  await ask.getByRole("button", { name: "Reverse statement" }).click();
  await expect(page.getByText("Reversed", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reverse statement" })).toHaveCount(0);

  // The artist's wallet: the credit and the assignment, then both taken back.
  const artistSide = await artistPage(browser);
  await artistSide.goto("/wallet");
  await expect(
    artistSide.getByRole("region", { name: "Available Balance" }).getByText("Rs.2,342.81"),
  ).toBeVisible();
  const debits = artistSide
    .getByRole("list", { name: "Recent Transactions" })
    .getByRole("listitem")
    .filter({ hasText: /Debit ·/ });
  await expect(debits.first()).toContainText("-Rs.");
  await artistSide.context().close();
});

test("a support agent is refused: no finance navigation, the page says so, the API answers 403", async ({
  page,
}) => {
  await signInAs(page, demo.agent1);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Inbox" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Statements" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Artists" })).toHaveCount(0);
  await page.goto("/desk/statements");
  await expect(page.getByText("Only finance agents can work with statements.")).toBeVisible();
  await expect(page.getByLabel("Statement file")).toHaveCount(0);
  const answer = await page.request.get("/api/desk/statements");
  expect(answer.status()).toBe(403);
  await page.goto("/desk/artists");
  await expect(page.getByText("Only finance agents can work with statements.")).toBeVisible();
  await page.goto("/desk/payouts");
  await expect(page.getByText("Only finance agents can work with payouts.")).toBeVisible();

  // Beside the conversation with the artist: the balance and the last credit, read-only.
  await page.goto(`/inbox/${artist.id}`);
  const profile = page.getByRole("complementary", { name: "Artist profile" });
  await expect(figure(profile, "Balance:")).toHaveText("Rs.2,342.81");
  await expect(figure(profile, "Last credit:")).toContainText("Rs.");
  await expect(profile.getByRole("textbox")).toHaveCount(0);
});
