import { expect, test, type Locator, type Page } from "@playwright/test";
import { demo, freshEmail, register, signInAs } from "./support/accounts";
import { scrollsSideways } from "./support/release-form";
import { createFinanceAgent, PASSWORD as FINANCE_PASSWORD } from "./support/statements";

/**
 * What an outside accessibility review found (at 375 px, by keyboard and with
 * a screen reader's semantics), each kept fixed by one short journey.
 */

const PASSWORD = "Str0ng-pass!";

/** A field refused with `message`: marked invalid, described by it, and focused. */
async function expectRefused(field: Locator, message: string) {
  // A password check is a slow hash on a loaded host.
  await expect(field).toHaveAttribute("aria-invalid", "true", { timeout: 30_000 });
  await expect(field).toHaveAccessibleDescription(new RegExp(escape(message)));
  await expect(field).toBeFocused();
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * On /settings: Tab to "Change Password" from the control before it, while it
 * sits at the very bottom of the screen (inside the viewport, under the bar;
 * the browser scrolls only a control it does not count as in view). It, and
 * its focus ring (2 px outside, 2 px wide), must end above the bar.
 */
async function expectTabStopsAboveBar(page: Page) {
  await page.getByRole("link", { name: "Manage Account" }).focus();
  const change = page.getByRole("link", { name: "Change Password" });
  await change.evaluate((link) => {
    window.scrollBy(0, link.getBoundingClientRect().bottom - window.innerHeight + 1);
  });
  await page.keyboard.press("Tab");
  await expect(change).toBeFocused();
  const box = (await change.boundingBox())!;
  const bar = (await page.getByRole("navigation", { name: "Bottom" }).boundingBox())!;
  expect(box.y + box.height + 4).toBeLessThanOrEqual(bar.y);
  expect(box.y).toBeGreaterThanOrEqual(0);
}

test("on a phone, Tab stops above the bottom bar; settings' sections and the screen are named", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, demo.artist);
  await page.goto("/settings");
  await expect(page).toHaveTitle(/^(\(\d+\) )?Settings · Artist Portal$/);
  // Each section is a region named by its heading, "&" and spaces included.
  await expect(page.getByRole("region", { name: "Help & Legal" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Account & Security" })).toBeVisible();

  await expectTabStopsAboveBar(page);

  // Another screen's name, and the tax summary's back link named like its siblings'.
  await page.goto("/wallet/tax");
  await expect(page).toHaveTitle(/Tax summary · Artist Portal$/);
  await page.getByRole("link", { name: "Back to wallet" }).click();
  await expect(page).toHaveTitle(/Wallet · Artist Portal$/);
});

test("an empty list is said politely: no songs match, nobody matches", async ({ page }) => {
  await signInAs(page, demo.artist);
  await page.goto("/songs");
  await expect(page).toHaveTitle(/Songs · Artist Portal$/);
  const songsStatus = page.getByRole("status").filter({ hasText: "No songs match" });
  await page.getByLabel("Search titles").fill("no such title");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(songsStatus).toHaveText("No songs match these filters.");

  await page.goto("/");
  await expect(page).toHaveTitle(/Chats · Artist Portal$/);
  await page.getByLabel("Search support agents").fill("nobody-by-this-name");
  await expect(page.getByRole("status").filter({ hasText: "Nobody matches" })).toHaveText(
    "Nobody matches your search.",
  );
});

test("a form sent with mistakes focuses its first refused field", async ({ page }) => {
  await page.goto("/register");
  await expect(page).toHaveTitle("Create account · Artist Portal");
  const create = page.getByRole("button", { name: "Create account" });
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByLabel("Artist name")).toBeFocused();
  await expect(page.getByLabel("Artist name")).toHaveAttribute("aria-invalid", "true");

  // A payout method chosen, its UPI ID left empty.
  await register(page, "Focus Artist", freshEmail("focus"), PASSWORD);
  await page.goto("/wallet/payout-details");
  await page.getByRole("radio", { name: "UPI" }).check();
  await page.getByRole("button", { name: "Save payout details" }).click();
  await expect(page.getByLabel("UPI ID")).toBeFocused();
  // The current password's hint looks like every hint (not unstyled text).
  await expect(page.getByText("Changing where your money goes needs your password.")).toHaveClass(
    /text-sm/,
  );
});

test("an agent's empty song request focuses its first refused field", async ({ page }) => {
  await signInAs(page, demo.agent1);
  await page.goto("/desk/songs/new");
  await expect(page).toHaveTitle("New song · Artist Portal");
  await page.getByRole("button", { name: "Create song" }).click();
  await expect(page.getByLabel("Artist account")).toBeFocused();
  await expect(page.getByLabel("Artist account")).toHaveAccessibleDescription(
    "Choose the artist this song belongs to.",
  );

  // The server refuses an empty saved reply: the first field it names takes focus.
  await page.goto("/saved-replies");
  await page.getByRole("button", { name: "Add saved reply" }).click();
  await expect(page.getByLabel("Shortcut")).toBeFocused();
  await expect(page.getByLabel("Shortcut")).toHaveAttribute("aria-invalid", "true");
});

test("account forms tie each refusal to its field and focus it", async ({ page }) => {
  await register(page, "Refused Artist", freshEmail("refused"), PASSWORD);

  await page.goto("/change-password");
  const current = page.getByLabel("Current password", { exact: true });
  const fresh = page.getByLabel("New password", { exact: true });
  await current.fill(PASSWORD);
  await fresh.fill("weak");
  await page.getByLabel("Confirm new password", { exact: true }).fill("weak");
  await page.getByRole("button", { name: "Update password" }).click();
  await expectRefused(fresh, "Please ensure your password meets all the security requirements.");

  await current.fill("Wrong-pass-1");
  await fresh.fill("N3w-pass-word!");
  await page.getByLabel("Confirm new password", { exact: true }).fill("N3w-pass-word!");
  await page.getByRole("button", { name: "Update password" }).click();
  await expectRefused(current, "Incorrect current password. Please try again.");

  await page.goto("/manage-account");
  const panel = page.getByRole("tabpanel", { name: "Change Email" });
  await panel.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await panel.getByLabel("New email").fill("not-an-email");
  await panel.getByRole("button", { name: "Change email" }).click();
  await expectRefused(
    panel.getByLabel("New email"),
    "Invalid email format. Please enter a valid email address.",
  );

  await page.goto("/artist-account");
  const spotify = page.getByRole("textbox", { name: "Spotify link", exact: true });
  await spotify.fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save Spotify link" }).click();
  await expectRefused(spotify, "Invalid URL format for Spotify link");

  const chooser = page.getByLabel("Choose picture");
  const text = { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") };
  await chooser.setInputFiles(text);
  await expectRefused(chooser, "Please select a valid image file");
});

test("a finance agent's bottom bar at 375 px: whole words, the rest under More", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, await createFinanceAgent("Bar Finance"), FINANCE_PASSWORD);
  await page.goto("/settings");
  await expectTabStopsAboveBar(page);
  const bar = page.getByRole("navigation", { name: "Bottom" });
  await expect(bar.getByRole("link")).toHaveCount(4);
  expect(await scrollsSideways(page)).toBe(false);
  // No word of a label is split across two lines.
  const splitWords = await bar.evaluate((nav) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(nav, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? "").matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (range.getClientRects().length > 1) split.push(match[0]);
      }
    }
    return split;
  });
  expect(splitWords).toEqual([]);

  // More shows the other screens; Settings is current among them; Escape closes it.
  const more = bar.getByRole("button", { name: "More" });
  await more.click();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  const menu = bar.getByRole("list", { name: "More" });
  await expect(menu.getByRole("link", { name: "Settings" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
  await more.click();
  await menu.getByRole("link", { name: "Statements" }).click();
  await expect(page).toHaveURL(/\/desk\/statements$/);
  await expect(menu).toBeHidden();
});

/** Contrast of two CSS colours (any syntax: a canvas turns them into sRGB). */
function contrastOf(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(
    ({ first, second }) => {
      const context = document.createElement("canvas").getContext("2d")!;
      const luminance = (color: string) => {
        context.fillStyle = color;
        context.fillRect(0, 0, 1, 1);
        const [r, g, bl] = [...context.getImageData(0, 0, 1, 1).data].map((v) => {
          const c = v / 255;
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
      };
      const [high, low] = [luminance(first), luminance(second)].sort((x, y) => y - x);
      return (high! + 0.05) / (low! + 0.05);
    },
    { first: a, second: b },
  );
}

test("controls stand out at least 3:1: a text input's border, a switch that is off, in both themes", async ({
  page,
}) => {
  await signInAs(page, demo.artist);
  for (const theme of ["light", "dark"]) {
    await page.goto("/settings");
    const dark = page.getByRole("switch", { name: "Dark mode" });
    if ((await dark.getAttribute("aria-checked")) !== String(theme === "dark")) await dark.click();
    const track = page.getByRole("switch", { name: /emails/i }).first();
    if ((await track.getAttribute("aria-checked")) === "true") await track.click();
    const [trackColor, cardColor] = await track.evaluate((el) => [
      getComputedStyle(el).backgroundColor,
      getComputedStyle(el.closest(".rounded-xl")!).backgroundColor,
    ]);
    expect(await contrastOf(page, trackColor, cardColor), theme).toBeGreaterThanOrEqual(3);

    await page.goto("/change-password");
    const field = page.getByLabel("Current password", { exact: true });
    const [border, inside] = await field.evaluate((el) => [
      getComputedStyle(el).borderTopColor,
      getComputedStyle(el).backgroundColor,
    ]);
    expect(await contrastOf(page, border, inside), theme).toBeGreaterThanOrEqual(3);
  }
});
