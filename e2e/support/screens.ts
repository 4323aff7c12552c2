import { expect, type Browser, type Page } from "@playwright/test";
import { signInAs } from "./accounts";
import { expectAccessible } from "./axe";
import { scrollsSideways } from "./release-form";
import { PASSWORD } from "./statements";

/** 375 px wide without sideways scroll, and axe in both themes (back at 1280 px after). */
export async function expectFitsAndAccessible(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await scrollsSideways(page)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectAccessible(page);
}

/** A page of its own (a fresh context: its own cookies), signed in as `email`. */
export async function signedIn(
  browser: Browser,
  email: string,
  password = PASSWORD,
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, email, password);
  return page;
}
