import { expect, test, type Page } from "@playwright/test";
import { demo, signInAs } from "./support/accounts";

/**
 * What an outside accessibility review found (at 375 px, by keyboard and with
 * a screen reader's semantics), each kept fixed by one short journey.
 */

/** The fixed bottom bar's top edge, in the viewport's pixels. */
async function bottomBarTop(page: Page): Promise<number> {
  const box = await page.getByRole("navigation", { name: "Bottom" }).boundingBox();
  return box!.y;
}

test("on a phone, Tab stops above the bottom bar; settings' sections are named", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, demo.artist);
  await page.goto("/settings");
  // Each section is a region named by its heading, "&" and spaces included.
  await expect(page.getByRole("region", { name: "Help & Legal" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Account & Security" })).toBeVisible();

  // Tab from the control before it, while "Change Password" sits at the very
  // bottom of the screen: inside the viewport, under the bar. The browser
  // scrolls only a control it does not count as in view.
  await page.getByRole("link", { name: "Manage Account" }).focus();
  const change = page.getByRole("link", { name: "Change Password" });
  await change.evaluate((link) => {
    window.scrollBy(0, link.getBoundingClientRect().bottom - window.innerHeight + 1);
  });
  await page.keyboard.press("Tab");
  await expect(change).toBeFocused();
  const box = (await change.boundingBox())!;
  // Its focus ring too (2 px outside, 2 px wide).
  expect(box.y + box.height + 4).toBeLessThanOrEqual(await bottomBarTop(page));
  expect(box.y).toBeGreaterThanOrEqual(0);
});
