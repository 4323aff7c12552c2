import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import getPort from "get-port";

/** Seeds the demo (`seed-demo`, the compiled CLI) into a new data directory, once. */
export function seededDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-demo-"));
  const seeded = spawnSync("node", ["dist/cli/main.js", "seed-demo"], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "inherit",
  });
  if (seeded.status !== 0) throw new Error(`seed-demo exited with ${seeded.status}`);
  return dataDir;
}

export interface StartedServer {
  child: ChildProcess;
  dataDir: string;
  /** From spawn until /api/health answered 200. */
  healthyMs: number;
}

/**
 * Starts `command` as the portal on a fresh data directory and a free port
 * (the embedded default), and resolves once /api/health answers: the
 * start-up benchmark and the start-up profile measure the same thing.
 * `template`, when given, is a data directory copied first (a seeded demo:
 * a restart of a portal in use rather than its very first start).
 */
export async function startUntilHealthy(
  command: string[],
  template?: string,
): Promise<StartedServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-startup-"));
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const port = await getPort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: "warn",
  };
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), { env, stdio: "inherit" });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false); // not listening yet
    if (ok) return { child, dataDir, healthyMs: performance.now() - started };
    await new Promise((r) => setTimeout(r, 10));
  }
}
