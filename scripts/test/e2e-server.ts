/**
 * Starts the built portal for the browser journeys on a fresh data directory
 * with the demo data seeded, exactly as a newcomer's first start would: the
 * compiled server and CLI from dist/ (what ships), not the TypeScript sources.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { e2eDataDir } from "../../e2e/support/mailbox";
import { servedBuild } from "../../e2e/support/served-build";

const port = process.env.PORT ?? "4173";
// A known folder per port: the journeys read the mail the portal writes there.
const dataDir = e2eDataDir(port);
// A portal already on this port owns that folder: wiping it would break its run.
const portFree = await new Promise<boolean>((resolve) => {
  const probe = net.createServer();
  probe.once("error", () => resolve(false));
  probe.listen(Number(port), () => probe.close(() => resolve(true)));
});
if (!portFree) {
  console.error(
    `Port ${port} is in use: another portal may be running on ${dataDir}. Not touching it.`,
  );
  process.exit(1);
}
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://localhost:${port}`,
  AUTH_RATE_LIMIT_PER_MINUTE: "1000",
  NOTIFY_UNREAD_AFTER_SECONDS: "2",
  LOG_LEVEL: "warn",
  // The journeys share the demo accounts for the whole run and seed long
  // conversations through the API; each per-user limit has its own tests.
  CHAT_SEND_BURST: "1000000",
  CHAT_SENDS_PER_MINUTE: "1000000",
  SOCKETS_PER_USER: "1000",
};

for (const file of ["dist/server/main.js", "dist/cli/main.js", "dist/web/index.html"]) {
  if (!fs.existsSync(file)) {
    console.error(`${file} is missing: run \`npm run build\` before the browser journeys.`);
    process.exit(1);
  }
}

// This port's own copy of the build (served-build.ts); modules still resolve
// from the checkout's node_modules, a few folders up.
const build = servedBuild(port);
fs.rmSync(path.dirname(build), { recursive: true, force: true });
fs.cpSync("dist", build, { recursive: true });

const node = [process.execPath, "--enable-source-maps"] as const;
const seed = spawnSync(node[0], [node[1], "dist/cli/main.js", "seed-demo"], {
  env,
  stdio: "inherit",
});
if (seed.status !== 0) process.exit(seed.status ?? 1);
// A small export from the hosted original, imported as an operator would (e2e/import.spec.ts).
const imported = spawnSync("npx", ["tsx", "scripts/test/e2e-import-fixture.ts"], {
  env,
  stdio: "inherit",
});
if (imported.status !== 0) process.exit(imported.status ?? 1);

const server = spawn(node[0], [node[1], path.join(build, "server", "main.js")], {
  env,
  stdio: "inherit",
});
const stop = () => {
  server.kill("SIGTERM");
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(path.dirname(build), { recursive: true, force: true });
  process.exit(code ?? 0);
});
