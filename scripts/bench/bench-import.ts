/**
 * Import benchmark (a measurement, not a test): a generated hosted-service
 * export with about 100,000 messages (300 users, 353 rooms, one message in
 * 50 with a file) imported three times, each into a fresh database; prints
 * the median and the spread of the import's wall time.
 * Run: npm run bench:import   (TEST_DATABASE_URL=postgres://... for PostgreSQL)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateHostedExport } from "../../src/cli/import/fixtures/hosted-export-fixture";
import { runImport } from "../../src/cli/import/run-import";
import { createTestApp } from "../../src/server/test/test-app";

const RUNS = 3;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
try {
  const started = Date.now();
  const fixture = await generateHostedExport(dir, { messagesPerRoom: 284, fileEvery: 50 });
  console.log(
    `export: ${JSON.stringify(fixture.counts)} generated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const engine = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "SQLite";
  const seconds: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const t = await createTestApp();
    try {
      const start = process.hrtime.bigint();
      const cpuStart = process.cpuUsage();
      const report = await runImport({
        database: t.app.ctx.database,
        storage: t.app.ctx.storage,
        paths: fixture.paths,
        dryRun: false,
      });
      const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
      const cpu = process.cpuUsage(cpuStart);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      const failed = Object.values(report.counts).reduce((n, c) => n + c.failed + c.skipped, 0);
      if (report.counts.messages.imported !== fixture.counts.messages || failed > 0) {
        throw new Error(`run ${run} did not import everything: ${JSON.stringify(report.counts)}`);
      }
      seconds.push(elapsed);
      const rate = Math.round(fixture.counts.messages / elapsed);
      // The machine is shared: CPU time and load say how much of the wall time was ours.
      console.log(
        `${engine} run ${run}: ${elapsed.toFixed(1)} s (${rate} messages/s), CPU ${cpuSeconds.toFixed(1)} s, load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    } finally {
      await t.close();
    }
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  console.log(
    `${engine}: median ${sorted[1]!.toFixed(1)} s, spread ${sorted[0]!.toFixed(1)}–${sorted[RUNS - 1]!.toFixed(1)} s for ${fixture.counts.messages} messages`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
