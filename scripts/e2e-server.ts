/**
 * Starts the built portal for the browser journeys on a fresh data directory
 * with the demo data seeded, exactly as a newcomer's first start would.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://localhost:${process.env.PORT ?? "4173"}`,
  AUTH_RATE_LIMIT_PER_MINUTE: "1000",
  LOG_LEVEL: "warn",
};

const seed = spawnSync("npx", ["tsx", "src/cli/main.ts", "seed-demo"], { env, stdio: "inherit" });
if (seed.status !== 0) process.exit(seed.status ?? 1);

const server = spawn("npx", ["tsx", "src/server/main.ts"], { env, stdio: "inherit" });
const stop = () => {
  server.kill("SIGTERM");
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
