import { expect, test, type Page } from "@playwright/test";
import { freshEmail } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { mailsTo } from "./support/mailbox";

const PASSWORD = "Str0ng-pass!";

/**
 * A new artist, signed up through the API in this browser's context (its
 * cookie is the page's): the sign-up's 128 MiB hash may take a while on a
 * loaded host, and the register form is another journey's subject.
 */
async function newArtist(page: Page, name: string, email: string) {
  const origin = `http://localhost:${process.env.E2E_PORT ?? "4173"}`;
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email, password: PASSWORD, consent: true },
    headers: { origin },
    timeout: 60_000,
  });
  expect(response.status()).toBe(200);
}

async function openPayoutDetails(page: Page) {
  await page.goto("/wallet");
  await page.getByRole("link", { name: "Payout details" }).click();
  await expect(page).toHaveURL(/\/wallet\/payout-details$/);
  await expect(page.getByRole("heading", { name: "Payout details", level: 1 })).toBeVisible();
}

const save = (page: Page) => page.getByRole("button", { name: "Save payout details" }).click();

/** The field's own error, tied to it (aria-describedby), reads exactly `message`. */
async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  // A password check is a 128 MiB hash: seconds on a loaded host.
  await expect(field).toHaveAttribute("aria-invalid", "true", { timeout: 60_000 });
  await expect(field).toHaveAccessibleDescription(new RegExp(escape(message)));
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("payout details: each refusal, then a saved bank account shown masked with the hold", async ({
  page,
}) => {
  // One long journey (a sign-up, eight submits, a reload, the mail): slow on a loaded host.
  test.slow();
  const email = freshEmail("payout");
  await newArtist(page, "Payout Artist", email);
  await openPayoutDetails(page);
  await expect(page.getByText("No payout details yet.")).toBeVisible();
  await expectAccessible(page);

  // No method chosen.
  await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await save(page);
  await expect(page.getByText("Choose UPI or Bank transfer.")).toBeVisible();

  // UPI: an ID without its bank.
  await page.getByRole("radio", { name: "UPI" }).check();
  await page.getByLabel("UPI ID").fill("priya");
  await save(page);
  await expectFieldError(page, "UPI ID", "Enter a UPI ID like name@bank.");

  // Bank transfer: each field's refusal, checked in the browser with the server's schema.
  await page.getByRole("radio", { name: "Bank transfer" }).check();
  await page.getByLabel("Account holder name").fill("Priya Sharma");
  await page.getByLabel("Account number", { exact: true }).fill("12345678");
  await page.getByLabel("Confirm account number").fill("12345678");
  await page.getByLabel("IFSC").fill("HDFC1001234");
  await page.getByLabel("PAN (optional)").fill("ABCD1234F");
  await save(page);
  await expectFieldError(page, "Account number", "Enter an account number of 9 to 18 digits.");
  await expectFieldError(page, "IFSC", "Enter an 11-character IFSC like HDFC0001234.");
  await expectFieldError(page, "PAN (optional)", "Enter a PAN like ABCDE1234F.");
  await expect(
    page.getByText("Without a PAN, TDS is deducted at the higher rate of 20% (10% with a PAN)."),
  ).toBeVisible();

  await page.getByLabel("Account number", { exact: true }).fill("500100123451234");
  await page.getByLabel("Confirm account number").fill("500100123451235");
  await page.getByLabel("IFSC").fill("hdfc0001234");
  await page.getByLabel("PAN (optional)").fill("abcde1234f");
  await save(page);
  await expectFieldError(page, "Confirm account number", "The account numbers do not match.");

  // The server's refusal: a wrong current password saves nothing.
  await page.getByLabel("Confirm account number").fill("500100123451234");
  await page.getByLabel("Current password", { exact: true }).fill("Wrong-pass-1!");
  await save(page);
  await expectFieldError(page, "Current password", "Incorrect password. Please try again.");
  await expect(page.getByText("No payout details yet.")).toBeVisible();

  // Saved: masked everywhere, and withdrawals wait.
  await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await save(page);
  await expect(page.getByRole("status").getByText("Payout details saved.")).toBeVisible({
    timeout: 60_000,
  });
  const current = page.getByRole("region", { name: "Withdrawals are paid to" });
  await expect(current.getByText("Bank: ••••1234 · HDFC0001234")).toBeVisible();
  await expect(current.getByText("PAN: •••••1234F")).toBeVisible();
  await expect(current.getByText("Account holder: Priya Sharma")).toBeVisible();
  await expect(
    current.getByText(/^Withdrawals are on hold until .+ because your payout details changed\.$/),
  ).toBeVisible();
  await expect(page.getByText("500100123451234")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Change payout details" })).toBeVisible();
  await expectAccessible(page);

  // Still there, still masked, after a reload; the security notice was mailed.
  await page.reload();
  await expect(current.getByText("Bank: ••••1234 · HDFC0001234")).toBeVisible();
  await expect(current.getByText(/^Withdrawals are on hold until /)).toBeVisible();
  const [mail] = await mailsTo(email, /^Your payout details were changed$/);
  expect(mail!.text).toContain("Bank: ••••1234 · HDFC0001234");
  expect(mail!.text).not.toContain("500100123451234");
});

test("payout details: a UPI ID without a PAN says TDS is deducted at the higher rate", async ({
  page,
}) => {
  await newArtist(page, "Upi Artist", freshEmail("upi"));
  await openPayoutDetails(page);
  await page.getByRole("radio", { name: "UPI" }).check();
  await page.getByLabel("UPI ID").fill("Priya@OKAXIS");
  await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await save(page);
  const current = page.getByRole("region", { name: "Withdrawals are paid to" });
  await expect(current.getByText("UPI: pr•••@okaxis")).toBeVisible({ timeout: 60_000 });
  await expect(current.getByText("No PAN", { exact: true })).toBeVisible();
  await expect(
    current.getByText("Without a PAN, TDS is deducted at the higher rate of 20% (10% with a PAN)."),
  ).toBeVisible();
  // 375 px wide: nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
