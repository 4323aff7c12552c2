import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./e2e/support/browser";

const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: "e2e",
  // A shard's files (scripts/test/e2e-shards.mjs, from scripts/test/test-all.sh); all of them otherwise.
  // Set but empty matches nothing, so a shard whose list failed runs no journey twice.
  ...(process.env.E2E_FILES !== undefined ? { testMatch: process.env.E2E_FILES.split(",") } : {}),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_JSON_OUTPUT
    ? [["list"], ["json", { outputFile: process.env.PW_JSON_OUTPUT }]]
    : "list",
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace for every attempt made the journeys 17 % slower
    // (decision 092); CI retries a failure once and records that retry.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs() },
  },
  webServer: {
    command: `tsx scripts/test/e2e-server.ts`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT) },
  },
});
