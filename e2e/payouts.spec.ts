import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test, type Download, type Page } from "@playwright/test";
import { financialYearOf } from "../src/shared/india-time";
import { demo, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { runBuiltCli } from "./support/built-cli";
import { endPayoutHold } from "./support/payouts";
import {
  PASSWORD,
  createFinanceAgent,
  csv,
  releasedArtist,
  type ReleasedArtist,
} from "./support/statements";
import { expectFitsAndAccessible, signedIn } from "./support/screens";

/** The financial year the journeys' withdrawals fall in ("2026-27"): today's. */
const THIS_YEAR = financialYearOf(Date.now()).label;

/**
 * Issue 47 end to end: an artist with earnings and payout details (UPI,
 * with a PAN) withdraws below the TDS threshold; the refusals (the minimum,
 * one in progress); a finance agent approves it, downloads the bank file and
 * marks it paid; another is marked failed and its amount comes back; the
 * tax summary; a support agent refused. One artist and one finance agent
 * for the whole file: the journeys follow each other (serial).
 */
test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36).toUpperCase();
let artist: ReleasedArtist;
let financeEmail: string;

/**
 * A statement crediting the artist Rs.1,700.00 (85 % of Rs.2,000.00),
 * imported with the built CLI as an operator would (statements have their
 * own journey).
 */
async function importEarnings(isrc: string, netRevenue = "2000.00") {
  const file = path.join(os.tmpdir(), `payouts-${run}-${netRevenue}.csv`);
  fs.writeFileSync(
    file,
    csv([
      ["ISRC", "Store", "Country", "Sales Month", "Quantity", "Net Revenue", "Currency"],
      [isrc, "Spotify", "IN", "2026-10", 1000, netRevenue, "INR"],
    ]),
  );
  try {
    await runBuiltCli(["import-statement", file]);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  financeEmail = await createFinanceAgent("Pavan Payouts");
  artist = await releasedArtist(browser, baseURL!, `Kavya ${run}`, [
    `Rain Song ${run}`,
    `River Song ${run}`,
  ]);
  await importEarnings(artist.tracks[0]!.isrc);
});

const balanceOf = (page: Page) => page.getByRole("region", { name: "Available Balance" });
const withdrawals = (page: Page) => page.getByRole("region", { name: "Withdrawals" });

async function textOf(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The withdraw dialog opened from the wallet, the amount typed in. */
async function withdraw(page: Page, amount: string) {
  await withdrawals(page).getByRole("button", { name: "Withdraw" }).click();
  const dialog = page.getByRole("dialog", { name: "Withdraw" });
  await dialog.getByLabel("Amount (Rs.)").fill(amount);
  return dialog;
}

test("an artist saves UPI details with a PAN, withdraws below the TDS threshold; the minimum and a second withdrawal refused", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, artist.email);
  await page.goto("/wallet");
  await expect(balanceOf(page).getByText("Rs.1,700.00")).toBeVisible();
  // No payout details yet: withdrawing is closed, and the wallet says why.
  await expect(withdrawals(page).getByText("Add your payout details first.")).toBeVisible();
  await expect(withdrawals(page).getByRole("button", { name: "Withdraw" })).toBeDisabled();

  await page.getByRole("link", { name: "Payout details" }).click();
  await page.getByRole("radio", { name: "UPI" }).check();
  await page.getByLabel("UPI ID").fill("kavya@okhdfc");
  await page.getByLabel("PAN (optional)").fill("ABCDE1234F");
  await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Save payout details" }).click();
  const current = page.getByRole("region", { name: "Withdrawals are paid to" });
  await expect(current.getByText("UPI: ka•••@okhdfc")).toBeVisible({ timeout: 60_000 });
  await expect(current.getByText(/^Withdrawals are on hold until /)).toBeVisible();
  endPayoutHold(artist.id);

  await page.goto("/wallet");
  await expect(withdrawals(page).getByText("No withdrawals yet.")).toBeVisible();
  // The whole balance by default, with what the rule gives before confirming.
  await withdrawals(page).getByRole("button", { name: "Withdraw" }).click();
  const dialog = page.getByRole("dialog", { name: "Withdraw" });
  await expect(dialog.getByLabel("Amount (Rs.)")).toHaveValue("1700.00");
  await expect(
    dialog.getByText("Amount Rs.1,700.00 · TDS (10%) Rs.0.00 · You receive Rs.1,700.00"),
  ).toBeVisible();
  await expectAccessible(page);

  // Under the minimum: refused on the field, Confirm closed.
  await dialog.getByLabel("Amount (Rs.)").fill("100");
  await expect(dialog.getByLabel("Amount (Rs.)")).toHaveAccessibleDescription(
    /The minimum withdrawal is Rs\.500\.00\./,
  );
  await expect(dialog.getByRole("button", { name: "Confirm" })).toBeDisabled();

  await dialog.getByLabel("Amount (Rs.)").fill("600");
  await expect(
    dialog.getByText("Amount Rs.600.00 · TDS (10%) Rs.0.00 · You receive Rs.600.00"),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("status")).toHaveText(
    "Your withdrawal was requested. We email you as it moves.",
  );
  // The amount leaves the balance at once.
  await expect(balanceOf(page).getByText("Rs.1,100.00")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  const item = withdrawals(page).getByRole("listitem").first();
  await expect(withdrawals(page).getByRole("listitem")).toHaveCount(1);
  await expect(item).toContainText("Rs.600.00");
  await expect(item).toContainText("Requested");
  await expect(item).toContainText("TDS Rs.0.00 · You receive Rs.600.00");

  // A second while one is in progress: the wallet says so, the API refuses.
  await expect(
    withdrawals(page).getByText("You already have a withdrawal in progress."),
  ).toBeVisible();
  await expect(withdrawals(page).getByRole("button", { name: "Withdraw" })).toBeDisabled();
  const second = await page.request.post("/api/wallet/withdrawals", {
    data: { amountPaise: 50_000, idempotencyKey: randomUUID() },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(second.status()).toBe(409);
  expect(JSON.stringify(await second.json())).toContain(
    "You already have a withdrawal in progress.",
  );
  await expect(balanceOf(page).getByText("Rs.1,100.00")).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.context().close();
});

test("a finance agent approves it, downloads the bank file and marks it paid; the artist's wallet follows", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const artistSide = await signedIn(browser, artist.email);
  await artistSide.goto("/wallet");
  await expect(withdrawals(artistSide).getByRole("listitem").first()).toContainText("Requested");

  const page = await signedIn(browser, financeEmail);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Payouts" })
    .click();
  await expect(page).toHaveURL(/\/desk\/payouts/);
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  const views = page.getByRole("navigation", { name: "Payout views" });
  await expect(views.getByRole("button", { name: /^Requested \(\d+\)$/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const label = `${artist.name} Rs.600.00`;
  const row = page.getByRole("listitem").filter({ hasText: artist.name });
  await expect(row).toContainText("TDS Rs.0.00 · Pay Rs.600.00");
  await expectFitsAndAccessible(page);
  await page.getByRole("button", { name: `Approve ${label}` }).click();
  await expect(page.getByRole("button", { name: `Approve ${label}` })).toHaveCount(0);
  await expect(withdrawals(artistSide).getByRole("listitem").first()).toContainText("Approved", {
    timeout: 20_000,
  });

  await views.getByRole("button", { name: /^Approved \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\?view=approved$/);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download bank file" }).click();
  const lines = (await textOf(await download)).trim().split(/\r?\n/);
  expect(lines[0]).toBe('"Beneficiary name","Account number","IFSC","UPI ID","Amount","Reference"');
  const line = lines.find((l) => l.startsWith(`"${artist.name}"`));
  expect(line).toMatch(new RegExp(`^"${artist.name}","","","kavya@okhdfc","600\\.00","[^"]+"$`));

  await page.getByRole("button", { name: `Mark paid ${label}` }).click();
  const paid = page.getByRole("dialog", { name: `Mark paid: ${label}` });
  // The UTR is required.
  await paid.getByRole("button", { name: "Mark paid" }).click();
  await expect(paid.getByLabel("UTR / reference")).toHaveAccessibleDescription(
    /Enter the UTR \/ reference\./,
  );
  await paid.getByLabel("UTR / reference").fill(`UTR${run}`);
  await paid.getByRole("button", { name: "Mark paid" }).click();
  await expect(paid).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Mark paid ${label}` })).toHaveCount(0);
  await views.getByRole("button", { name: /^Paid \(\d+\)$/ }).click();
  await expect(row).toContainText(`UTR / reference: UTR${run}`);

  // The artist's wallet, open all along, shows it paid.
  const item = withdrawals(artistSide).getByRole("listitem").first();
  await expect(item).toContainText("Paid", { timeout: 20_000 });
  await expect(item).toContainText(`UTR / reference: UTR${run}`);
  await artistSide.reload();
  await expect(item).toContainText("Paid");
  await expect(balanceOf(artistSide).getByText("Rs.1,100.00")).toBeVisible();
  await expect(withdrawals(artistSide).getByRole("button", { name: "Withdraw" })).toBeEnabled();
  await artistSide.context().close();
  await page.context().close();
});

test("another withdrawal marked failed with a reason: the amount comes back", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const artistSide = await signedIn(browser, artist.email);
  await artistSide.goto("/wallet");
  const dialog = await withdraw(artistSide, "500");
  await expect(
    dialog.getByText("Amount Rs.500.00 · TDS (10%) Rs.0.00 · You receive Rs.500.00"),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("status")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(balanceOf(artistSide).getByText("Rs.600.00")).toBeVisible();

  const page = await signedIn(browser, financeEmail);
  await page.goto("/desk/payouts?view=requested");
  const label = `${artist.name} Rs.500.00`;
  // A second finance agent's desk, open on the same withdrawal.
  const other = await signedIn(browser, financeEmail);
  await other.goto("/desk/payouts?view=requested");
  await expect(other.getByRole("button", { name: `Approve ${label}` })).toBeVisible();
  await page.getByRole("button", { name: `Mark failed ${label}` }).click();
  const failed = page.getByRole("dialog", { name: `Mark failed: ${label}` });
  await failed.getByLabel("Reason").fill("The UPI ID was closed");
  await failed.getByRole("button", { name: "Mark failed" }).click();
  await expect(failed).toHaveCount(0);
  // The other desk, not yet refreshed, approves it: refused, and told why.
  await other.getByRole("button", { name: `Approve ${label}` }).click();
  await expect(other.getByRole("alert")).toHaveText(
    "This withdrawal is failed: it can no longer be approved.",
  );
  await expect(other.getByRole("button", { name: `Approve ${label}` })).toHaveCount(0);
  await other.context().close();
  await page
    .getByRole("navigation", { name: "Payout views" })
    .getByRole("button", { name: /^Failed/ })
    .click();
  await expect(page).toHaveURL(/\?view=failed$/);
  await expect(
    page.getByRole("listitem").filter({ hasText: label.replace(" Rs.", " · Rs.") }),
  ).toContainText("Reason: The UPI ID was closed");

  // The whole amount comes back to the artist.
  await expect(balanceOf(artistSide).getByText("Rs.1,100.00")).toBeVisible({ timeout: 20_000 });
  const item = withdrawals(artistSide).getByRole("listitem").first();
  await expect(item).toContainText("Failed");
  await expect(item).toContainText("Failed: The UPI ID was closed");
  await expectFitsAndAccessible(artistSide);
  await artistSide.context().close();
  await page.context().close();
});

test("the tax summary: the year's withdrawn, TDS and paid out, the PAN masked", async ({
  browser,
}) => {
  const page = await signedIn(browser, artist.email);
  await page.goto("/wallet");
  await page.getByRole("link", { name: "Tax summary" }).click();
  await expect(page).toHaveURL(/\/wallet\/tax$/);
  await expect(page.getByRole("heading", { name: "Tax summary", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Withdrawals and TDS by financial year" });
  const year = table.getByRole("row", { name: new RegExp(`^${THIS_YEAR}`) });
  await expect(year.getByRole("cell")).toHaveText(["Rs.600.00", "Rs.0.00", "Rs.600.00"]);
  await expect(page.getByText(/•+1234F/)).toBeVisible();
  await expect(page.getByText("ABCDE1234F")).toHaveCount(0);
  await expectFitsAndAccessible(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const text = await textOf(await download);
  expect(text).toContain(`"${THIS_YEAR}","600.00","0.00","600.00"`);
  expect(text).not.toContain("ABCDE1234F");
  await page.context().close();
});

test("a support agent is refused the payouts desk", async ({ page }) => {
  await signInAs(page, demo.agent1);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Inbox" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Payouts" })).toHaveCount(0);
  await page.goto("/desk/payouts");
  await expect(page.getByRole("heading", { name: "Finance only", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  expect((await page.request.get("/api/desk/payouts?view=requested")).status()).toBe(403);
  expect((await page.request.get("/api/desk/payouts/bank-file.csv")).status()).toBe(403);
});

test("a withdrawal across the TDS threshold deducts the rate on the whole year's withdrawals", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Rs.80,000.00 more at 85 %: Rs.68,000.00, on top of the Rs.1,100.00 left.
  await importEarnings(artist.tracks[1]!.isrc, "80000.00");
  const page = await signedIn(browser, artist.email);
  await page.goto("/wallet");
  await expect(balanceOf(page).getByText("Rs.69,100.00")).toBeVisible();
  // Rs.600.00 withdrawn this year (the failed one does not count) + Rs.55,000.00
  // crosses Rs.50,000: 10 % of Rs.55,600.00, none deducted before.
  // More than the balance: refused on the field.
  const dialog = await withdraw(page, "70000");
  await expect(dialog.getByLabel("Amount (Rs.)")).toHaveAccessibleDescription(
    /You can withdraw up to Rs\.69,100\.00\./,
  );
  await expect(dialog.getByRole("button", { name: "Confirm" })).toBeDisabled();
  await dialog.getByLabel("Amount (Rs.)").fill("55000");
  await expect(
    dialog.getByText("Amount Rs.55,000.00 · TDS (10%) Rs.5,560.00 · You receive Rs.49,440.00"),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("status")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(balanceOf(page).getByText("Rs.14,100.00")).toBeVisible();
  const item = withdrawals(page).getByRole("listitem").first();
  await expect(item).toContainText("Rs.55,000.00");
  await expect(item).toContainText("TDS Rs.5,560.00 · You receive Rs.49,440.00");

  await page.getByRole("link", { name: "Tax summary" }).click();
  const year = page
    .getByRole("table", { name: "Withdrawals and TDS by financial year" })
    .getByRole("row", { name: new RegExp(`^${THIS_YEAR}`) });
  await expect(year.getByRole("cell").nth(0)).toHaveText("Rs.55,600.00");
  await expect(year.getByRole("cell").nth(1)).toHaveText("Rs.5,560.00");
  await page.context().close();
});

test("without a PAN, a withdrawal across the threshold deducts 20%; five sent at once make one withdrawal", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const other = await releasedArtist(browser, baseURL!, `Meera ${run}`, [
    `Dawn Song ${run}`,
    `Dusk Song ${run}`,
  ]);
  // Rs.80,000.00 at 85 %: Rs.68,000.00.
  await importEarnings(other.tracks[0]!.isrc, "80000.00");
  const page = await signedIn(browser, other.email);
  await page.goto("/wallet/payout-details");
  await page.getByRole("radio", { name: "UPI" }).check();
  await page.getByLabel("UPI ID").fill("meera@okhdfc");
  await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Save payout details" }).click();
  const paidTo = page.getByRole("region", { name: "Withdrawals are paid to" });
  await expect(paidTo.getByText("No PAN", { exact: true })).toBeVisible({ timeout: 60_000 });
  endPayoutHold(other.id);

  // The first withdrawal of the year crosses Rs.50,000: 20 % of all of it.
  await page.goto("/wallet");
  await expect(balanceOf(page).getByText("Rs.68,000.00")).toBeVisible();
  const dialog = await withdraw(page, "60000");
  await expect(
    dialog.getByText("Amount Rs.60,000.00 · TDS (20%) Rs.12,000.00 · You receive Rs.48,000.00"),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // Five requests at once, each with its own key (five tabs, not one retried):
  // one withdrawal, four refusals, and the balance taken once.
  const answers = await page.evaluate(() =>
    Promise.all(
      Array.from({ length: 5 }, () =>
        fetch("/api/wallet/withdrawals", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ amountPaise: 6_000_000, idempotencyKey: crypto.randomUUID() }),
        }).then(async (r) => ({ status: r.status, message: (await r.json()).message as string })),
      ),
    ),
  );
  expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
  const refused = answers.filter((a) => a.status !== 201);
  expect(refused.map((a) => [a.status, a.message])).toEqual(
    Array(4).fill([409, "You already have a withdrawal in progress."]),
  );
  await page.reload();
  await expect(balanceOf(page).getByText("Rs.8,000.00")).toBeVisible();
  await expect(withdrawals(page).getByRole("listitem")).toHaveCount(1);
  await expect(withdrawals(page).getByRole("listitem").first()).toContainText(
    "TDS Rs.12,000.00 · You receive Rs.48,000.00",
  );
  await page.context().close();
});
