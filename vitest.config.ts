import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Each scrypt hash takes ~128 MiB; two workers fit the 2-core machine.
    maxWorkers: 2,
    // Passwords hash cheaply except in the tests of hashing (decision 107).
    setupFiles: ["src/server/test/cheap-password-hashes.ts"],
  },
});
