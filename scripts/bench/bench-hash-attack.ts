/**
 * Password-hashing attack benchmark (not a test): `npm run bench:hash-attack`.
 *
 * A real server process (SQLite, fresh DATA_DIR) receives ATTACKERS
 * concurrent sign-ins with unknown emails, round after round, for SECONDS
 * (each costs a 128 MiB scrypt). Meanwhile /api/health/ready and
 * /api/health/live are polled. Reported per run: peak RSS of the server
 * (VmHWM), sign-ins answered per second by status, and the slowest health
 * answer. Run twice: unbounded (PASSWORD_HASH_CONCURRENCY=ATTACKERS, as
 * before the hashing gate) and with the default gate.
 *
 * Env: ATTACKERS (16), SECONDS (15).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import getPort from "get-port";

const ATTACKERS = Number(process.env.ATTACKERS ?? 16);
const SECONDS = Number(process.env.SECONDS ?? 15);

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function run(label: string, env: Record<string, string>) {
  const port = await getPort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-hash-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: "fatal",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`${url}/api/health/live`)).ok) break;
      } catch {
        // starting
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const baseline = peakRssMb(child.pid!);
    const statuses = new Map<number, number>();
    const deadline = Date.now() + SECONDS * 1000;
    let n = 0;
    const attacker = async () => {
      while (Date.now() < deadline) {
        n += 1;
        const status = await fetch(`${url}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { origin: url, "content-type": "application/json" },
          body: JSON.stringify({ email: `nobody-${n}@example.test`, password: "Wr0ng-pass!" }),
        }).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status;
          },
          () => 0,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        // A refused attacker retries at once: the worst case for the server.
      }
    };
    const health = { ready: [] as number[], live: [] as number[], readyFailed: 0 };
    const poller = async () => {
      while (Date.now() < deadline) {
        for (const kind of ["ready", "live"] as const) {
          const started = performance.now();
          const ok = await fetch(`${url}/api/health/${kind}`, {
            signal: AbortSignal.timeout(10_000),
          }).then(
            (r) => r.ok,
            () => false,
          );
          health[kind].push(performance.now() - started);
          if (!ok && kind === "ready") health.readyFailed += 1;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const started = Date.now();
    await Promise.all([...Array.from({ length: ATTACKERS }, attacker), poller()]);
    const elapsed = (Date.now() - started) / 1000;
    const per = (status: number) => ((statuses.get(status) ?? 0) / elapsed).toFixed(1);
    const max = (xs: number[]) => Math.max(...xs).toFixed(0);
    console.log(
      `${label}: peak RSS ${peakRssMb(child.pid!)} MB (idle ${baseline} MB); ` +
        `401 ${per(401)}/s, 503 ${per(503)}/s, other ${
          [...statuses.entries()]
            .filter(([s]) => s !== 401 && s !== 503)
            .map(([s, c]) => `${s}x${c}`)
            .join(" ") || "none"
        }; ` +
        `slowest ready ${max(health.ready)} ms (${health.readyFailed} not 200), ` +
        `slowest live ${max(health.live)} ms`,
    );
  } finally {
    child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `${ATTACKERS} concurrent unknown-email sign-ins for ${SECONDS} s, ${os.cpus().length} cores`,
);
await run("unbounded (before)", {
  PASSWORD_HASH_CONCURRENCY: String(ATTACKERS),
  PASSWORD_HASH_QUEUE: "0",
});
await run("hashing gate (after)", {});
