import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

async function expectNoViolations(page: Page, theme: string) {
  // Colours transition when the theme flips; measure the settled colours.
  // A cancelled animation rejects its "finished" promise: settled is enough.
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${theme}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Checks the current screen with axe-core in the light and the dark theme. */
export async function expectAccessible(page: Page): Promise<void> {
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  for (const dark of [false, true]) {
    await page.evaluate((d) => document.documentElement.classList.toggle("dark", d), dark);
    await expectNoViolations(page, dark ? "dark" : "light");
  }
  await page.evaluate((d) => document.documentElement.classList.toggle("dark", d), wasDark);
}
