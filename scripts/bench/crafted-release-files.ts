/**
 * The crafted FLACs of issue 45 uploaded through the real app (tus, the
 * check queue, the checks) by an ordinary artist, while /api/health is
 * asked every 20 ms. Per file: the time from the upload's start to its
 * answer, the process CPU (user + system) spent meanwhile, the peak RSS
 * growth (sampled every 10 ms), the RSS growth left 1 s after (with
 * --expose-gc: after a collection) and the slowest health answer.
 * Targets: answered ≤ 5 s, health ≤ 500 ms, RSS growth < 256 MB and back.
 */
import { createUser } from "../../src/server/test/chat-test-helpers";
import { constantFlacFile } from "../../src/server/test/crafted-release-files";
import { ORIGIN, createTestApp } from "../../src/server/test/test-app";
import { tusUpload } from "../../src/server/test/tus-upload";

export const CRAFTED_FILES: [string, () => Buffer][] = [
  ["70 KB declaring 99 min", () => constantFlacFile({ frames: 4000, blockSize: 65_535 })],
  ["1 MB declaring 25 h", () => constantFlacFile({ frames: 60_000, blockSize: 65_535 })],
  [
    "1 MB, length not declared",
    () => constantFlacFile({ frames: 60_000, blockSize: 65_535, declaredSamples: 0 }),
  ],
  // The most a file can ask and still be read whole: 4 frames and 1/64 FLAC frame a byte.
  [
    "1 MB at both bounds (accepted)",
    () => constantFlacFile({ frames: 16_000, blockSize: 256, paddingBytes: 770_000 }),
  ],
];

export interface CraftedRun {
  status: number;
  ms: number;
  cpuMs: number;
  worstHealthMs: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

export async function runCrafted(runs: number): Promise<Map<string, CraftedRun[]>> {
  const t = await createTestApp({}, undefined, undefined, { UPLOADS_PER_MINUTE: "100000" });
  const results = new Map<string, CraftedRun[]>();
  try {
    const artist = await createUser(t.app, "Asha Rao");
    for (let run = 0; run < runs; run++) {
      for (const [name, make] of CRAFTED_FILES) {
        const bytes = make();
        const release = await t.app.inject({
          method: "POST",
          url: "/api/releases",
          headers: { cookie: artist.cookie, origin: ORIGIN },
          payload: {},
        });
        global.gc?.();
        const rssBefore = process.memoryUsage().rss;
        let rssPeak = rssBefore;
        const sampler = setInterval(() => {
          rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        }, 10);
        const cpuBefore = process.cpuUsage();
        const state = { done: false, worstHealthMs: 0 };
        const started = performance.now();
        const answer = tusUpload(t.app, artist.cookie, bytes, {
          purpose: "release-audio",
          releaseId: release.json<{ id: string }>().id,
          trackId: crypto.randomUUID(),
          filename: "song.flac",
        }).finally(() => (state.done = true));
        const probes = (async () => {
          while (!state.done) {
            const asked = performance.now();
            await t.app.inject({ url: "/api/health" });
            state.worstHealthMs = Math.max(state.worstHealthMs, performance.now() - asked);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        })();
        const { patch } = await answer;
        const ms = performance.now() - started;
        const cpu = process.cpuUsage(cpuBefore);
        await probes;
        clearInterval(sampler);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        global.gc?.();
        const runResult: CraftedRun = {
          status: patch?.statusCode ?? 0,
          ms: Math.round(ms),
          cpuMs: Math.round((cpu.user + cpu.system) / 1000),
          worstHealthMs: Math.round(state.worstHealthMs),
          rssPeakMb: mb(rssPeak - rssBefore),
          rssAfterMb: mb(process.memoryUsage().rss - rssBefore),
        };
        results.set(name, [...(results.get(name) ?? []), runResult]);
        console.log(`run ${run + 1}: ${name} (${bytes.length} B): ${JSON.stringify(runResult)}`);
      }
    }
  } finally {
    await t.close();
  }
  return results;
}
