import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAs } from "./support/accounts";
import { endPayoutHold } from "./support/payouts";
import {
  PASSWORD,
  createFinanceAgent,
  csv,
  expectTotals,
  releasedArtist,
  results,
  uploadStatement,
  type ReleasedArtist,
} from "./support/statements";
import { expectFitsAndAccessible, signedIn } from "./support/screens";

/**
 * The money screens keep to what the server will do: a statement's preview
 * goes out of date when the columns or a rate change after it, and Import
 * waits for a new one; Withdraw confirms only once the TDS is shown (and
 * says so when it cannot be worked out); a withdrawal approved on its own
 * leaves the desk's selection; a failed one shows its amount returned. One
 * artist and one finance agent for the whole file (serial).
 */
test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36).toUpperCase();
let artist: ReleasedArtist;
let financeEmail: string;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  financeEmail = await createFinanceAgent("Farah Finance");
  artist = await releasedArtist(browser, baseURL!, `Asha ${run}`, [
    `First Rain ${run}`,
    `Last Light ${run}`,
  ]);
});

const OUT_OF_DATE = "The columns or rates changed since this preview. Preview again to import.";

test("a preview goes out of date when a rate or a column changes after it; Import waits for a new preview", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, financeEmail, PASSWORD);
  await uploadStatement(
    page,
    `usd-${run}.csv`,
    csv([
      ["ISRC", "Store", "Sales Month", "Net Revenue"],
      [artist.tracks[0]!.isrc, "Spotify", "2026-10", "100.00"],
      [artist.tracks[1]!.isrc, "JioSaavn", "2026-10", "20.00"],
    ]),
  );
  await page.getByLabel("Currency for the whole file").fill("USD");
  const rate = page.getByLabel("1 USD in rupees");
  await rate.fill("80");
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = results(page, "Preview");
  await expect(preview.getByText("2 lines · 2 matched · 0 unmatched")).toBeVisible({
    timeout: 30_000,
  });
  // 120 USD at 80: Rs.9,600.00, 85 % to the artist.
  const at80 = { Total: "Rs.9,600.00", Artists: "Rs.8,160.00", Label: "Rs.1,440.00" };
  await expectTotals(preview, { ...at80, Unmatched: "Rs.0.00" });
  const importButton = preview.getByRole("button", { name: "Import" });
  await expect(importButton).toBeEnabled();
  const outOfDate = preview.getByRole("status").filter({ hasText: OUT_OF_DATE });

  // Another rate: the totals shown are not what it would credit.
  await rate.fill("90");
  await expect(outOfDate).toBeVisible();
  await expect(importButton).toBeDisabled();
  await expect(importButton).toHaveAccessibleDescription(OUT_OF_DATE);
  await expectFitsAndAccessible(page);
  // The previewed rate again: the totals hold again.
  await rate.fill("80");
  await expect(outOfDate).toHaveCount(0);
  await expect(importButton).toBeEnabled();

  // Another column: the store for the whole file instead of the file's Store.
  await page.getByLabel("Store", { exact: true }).selectOption({ label: "Not in this file" });
  await expect(outOfDate).toBeVisible();
  await expect(importButton).toBeDisabled();
  await page.getByLabel("Store for the whole file").selectOption("Spotify");
  await expect(outOfDate).toBeVisible();
  await expect(importButton).toBeDisabled();

  await page.getByRole("button", { name: "Preview" }).click();
  await expect(preview.getByText("Spotify · Oct 2026")).toBeVisible({ timeout: 30_000 });
  await expect(outOfDate).toHaveCount(0);
  await expectTotals(preview, { ...at80, Unmatched: "Rs.0.00" });
  await importButton.click();
  const totals = results(page, "Totals");
  await expect(totals).toBeVisible({ timeout: 60_000 });
  await expectTotals(totals, { ...at80, Unmatched: "Rs.0.00" });
});

const withdrawals = (page: Page) => page.getByRole("region", { name: "Withdrawals" });
const balanceOf = (page: Page) => page.getByRole("region", { name: "Available Balance" });
const confirmOf = (dialog: Locator) => dialog.getByRole("button", { name: "Confirm" });

test("Withdraw confirms only once the TDS is shown; the desk's selection and a failed withdrawal follow", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await signedIn(browser, artist.email);
  await page.goto("/wallet/payout-details");
  await page.getByRole("radio", { name: "UPI" }).check();
  await page.getByLabel("UPI ID").fill("asha@okhdfc");
  await page.getByLabel("PAN (optional)").fill("ABCDE1234F");
  await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Save payout details" }).click();
  await expect(
    page.getByRole("region", { name: "Withdrawals are paid to" }).getByText("UPI: as•••@okhdfc"),
  ).toBeVisible({ timeout: 60_000 });
  endPayoutHold(artist.id);

  // The TDS cannot be worked out (the preview fails): nothing to confirm.
  await page.route(/\/api\/wallet\/withdrawals\/preview/, (route) =>
    route.fulfill({ status: 503, json: { message: "Service unavailable" } }),
  );
  await page.goto("/wallet");
  await expect(balanceOf(page).getByText("Rs.8,160.00")).toBeVisible();
  await withdrawals(page).getByRole("button", { name: "Withdraw" }).click();
  const dialog = page.getByRole("dialog", { name: "Withdraw" });
  await expect(confirmOf(dialog)).toBeDisabled();
  await expect(dialog.getByText("Working out the TDS…")).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveText(
    "The TDS could not be worked out. Please try again.",
    { timeout: 30_000 },
  );
  await expect(confirmOf(dialog)).toBeDisabled();
  await page.unroute(/\/api\/wallet\/withdrawals\/preview/);
  await dialog.getByRole("button", { name: "Try again" }).click();
  await expect(
    dialog.getByText("Amount Rs.8,160.00 · TDS (10%) Rs.0.00 · You receive Rs.8,160.00"),
  ).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expect(confirmOf(dialog)).toBeEnabled();
  await dialog.getByLabel("Amount (Rs.)").fill("600");
  await expect(
    dialog.getByText("Amount Rs.600.00 · TDS (10%) Rs.0.00 · You receive Rs.600.00"),
  ).toBeVisible();
  await confirmOf(dialog).click();
  await expect(dialog.getByRole("status")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(balanceOf(page).getByText("Rs.7,560.00")).toBeVisible();

  // The desk: a ticked row approved with its own Approve leaves the selection.
  const desk = await signedIn(browser, financeEmail);
  await desk.goto("/desk/payouts?view=requested");
  const label = `${artist.name} Rs.600.00`;
  await desk.getByRole("checkbox", { name: `Select ${label}` }).check();
  const approveSelected = desk.getByRole("button", { name: "Approve selected" });
  await expect(approveSelected).toBeEnabled();
  await desk.getByRole("button", { name: `Approve ${label}` }).click();
  await expect(desk.getByRole("button", { name: `Approve ${label}` })).toHaveCount(0);
  await expect(approveSelected).toBeDisabled();
  await expect(desk.getByRole("alert")).toHaveCount(0);

  // Marked failed: the artist sees the whole amount returned, no TDS or payment.
  await desk.goto("/desk/payouts?view=approved");
  await desk.getByRole("button", { name: `Mark failed ${label}` }).click();
  const failed = desk.getByRole("dialog", { name: `Mark failed: ${label}` });
  await failed.getByLabel("Reason").fill("The UPI ID was closed");
  await failed.getByRole("button", { name: "Mark failed" }).click();
  await expect(failed).toHaveCount(0);
  await expect(balanceOf(page).getByText("Rs.8,160.00")).toBeVisible({ timeout: 20_000 });
  const item = withdrawals(page).getByRole("listitem").first();
  await expect(item).toContainText("Returned to your wallet: Rs.600.00");
  await expect(item).toContainText("Failed: The UPI ID was closed");
  await expect(item).not.toContainText("You receive");
  await expectFitsAndAccessible(page);
  await desk.context().close();
  await page.context().close();
});
