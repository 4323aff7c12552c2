import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Each scrypt hash takes ~128 MiB; two workers fit the 2-core machine.
    maxWorkers: 2,
    // Passwords hash cheaply except in the tests of hashing (decision 107).
    setupFiles: ["src/server/test/cheap-password-hashes.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: [
            "src/server/**/*.test.ts",
            "src/cli/**/*.test.ts",
            "src/shared/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          // One module graph per worker, not one per file: the server's
          // imports are paid once instead of 180 times (half the pass's time,
          // decision 113). Every test builds its own app and database; the
          // setup file above runs again before each file.
          isolate: false,
        },
      },
      {
        extends: true,
        // The web's tests mock modules (vi.mock) and the DOM: one graph per file.
        test: { name: "web", include: ["src/web/**/*.test.{ts,tsx}"] },
      },
    ],
  },
});
