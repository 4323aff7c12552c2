import fs from "node:fs";

/**
 * The Chromium the journeys drive (decision 114). Playwright cannot download
 * its own browsers here, so it uses Debian's: the headless shell
 * (chromium-headless-shell, the build Playwright itself runs headless by
 * default) where it is installed, else the full browser in its new headless
 * mode. CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_BROWSER = "/usr/bin/chromium";

export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);

/** Flags every journey's browser starts with; a journey may add its own. */
export function chromiumArgs(...extra: string[]): string[] {
  return [
    // Chromium refuses to run as root with its sandbox.
    ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
    "--disable-gpu",
    // Chromium's own update and telemetry traffic has nowhere to go here.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    ...extra,
  ];
}
