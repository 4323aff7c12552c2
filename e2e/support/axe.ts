import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

type Watched = Window & { colorsMoved?: boolean; watchingColors?: boolean };

/** From now on, notes whether any transition or animation starts on the page. */
async function watchForMovingColors(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as Watched;
    w.colorsMoved = false;
    if (w.watchingColors) return;
    w.watchingColors = true;
    const moved = () => ((window as Watched).colorsMoved = true);
    document.addEventListener("transitionrun", moved, true);
    document.addEventListener("animationstart", moved, true);
  });
}

/**
 * axe's results on a screen whose colours held still while it measured.
 * Colours transition when the theme flips or a control changes state (the
 * prerendered form's button enabling once React owns it): a contrast
 * measured mid-transition is not the screen's (a flaky CI run read the
 * enabling button's half-way colour). The analysis is taken again, up to
 * twice, when something started moving during it.
 */
async function settledAnalysis(page: Page) {
  for (let attempt = 1; ; attempt++) {
    // A cancelled animation rejects its "finished" promise: settled is enough.
    await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
    await watchForMovingColors(page);
    // Legacy mode runs axe in the page itself: the default opens a blank page
    // to gather results from cross-origin frames (the app has none), which
    // made each check twice as slow (3.3 s against 1.6 s, same results).
    const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
    const moved = await page.evaluate(() => (window as Watched).colorsMoved === true);
    if (!moved || attempt === 3) return results;
  }
}

async function expectNoViolations(page: Page, theme: string) {
  const results = await settledAnalysis(page);
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
