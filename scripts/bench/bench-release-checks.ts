/**
 * The release file checks on the large files (issue 39): a 10-minute
 * 24-bit 96 kHz stereo WAV (~330 MB) and a 6000 × 6000 JPG, written to disk,
 * then read by the real checks from a file stream as storage hands them
 * over. Reports, per run: the time from the last byte (the check's start)
 * to its answer, the longest event-loop block (monitorEventLoopDelay, 1 ms
 * resolution) and the RSS growth. Targets: WAV ≤ 5 s, ≤ 50 ms, ≤ 64 MB;
 * JPG ≤ 1 s. Then the crafted FLACs of issue 45 through the real app
 * (crafted-release-files.ts). Run: npm run bench:release-checks [-- runs]
 * (`-- runs crafted`: the crafted FLACs only).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import sharp from "sharp";
import { checkArtwork } from "../../src/server/features/releases/checks/artwork-check";
import { checkAudio } from "../../src/server/features/releases/checks/audio-check";
import { wavHeader, wavPcm } from "../../src/server/test/release-fixtures";
import { runCrafted } from "./crafted-release-files";

const RUNS = Number(process.argv[2] ?? 3);
const CRAFTED_ONLY = process.argv[3] === "crafted";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-release-"));
const wavPath = path.join(dir, "long.wav");
const jpgPath = path.join(dir, "big.jpg");

async function writeWav(): Promise<number> {
  const tone = { sampleRate: 96_000, bits: 24 as const, channels: 2, seconds: 600 };
  const frames = tone.sampleRate * tone.seconds;
  const out = fs.createWriteStream(wavPath);
  const write = (bytes: Buffer) =>
    new Promise<void>((resolve, reject) =>
      out.write(bytes, (err) => (err ? reject(err) : resolve())),
    );
  await write(wavHeader(frames * 6, tone));
  // One second of tone, written 600 times: the file is made as it goes.
  const second = wavPcm(tone, 0, tone.sampleRate);
  for (let s = 0; s < tone.seconds; s++) await write(second);
  await new Promise<void>((resolve) => out.end(resolve));
  return fs.statSync(wavPath).size;
}

async function measure<T>(work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 20);
  delay.enable();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  delay.disable();
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  return {
    result,
    ms: Math.round(ms),
    maxBlockMs: Math.round(delay.max / 1e6),
    rssGrowthMb: Math.round((rssPeak - rssBefore) / (1024 * 1024)),
  };
}

function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]}, min ${sorted[0]}, max ${sorted[sorted.length - 1]}`;
}

async function largeFiles() {
  const wavBytes = await writeWav();
  await sharp({
    create: { width: 6000, height: 6000, channels: 3, background: { r: 180, g: 90, b: 40 } },
  })
    .jpeg({ quality: 90 })
    .toFile(jpgPath);
  console.log(
    `WAV ${(wavBytes / 1e6).toFixed(0)} MB, JPG ${(fs.statSync(jpgPath).size / 1e6).toFixed(1)} MB`,
  );
  const wav = { ms: [] as number[], block: [] as number[], rss: [] as number[] };
  const jpg = { ms: [] as number[], block: [] as number[], rss: [] as number[] };
  for (let run = 1; run <= RUNS; run++) {
    const audio = await measure(() =>
      checkAudio({
        open: () => Promise.resolve(fs.createReadStream(wavPath)),
        size: wavBytes,
        head: async (n) => {
          const handle = await fs.promises.open(wavPath, "r");
          try {
            const { buffer, bytesRead } = await handle.read(Buffer.alloc(n), 0, n, 0);
            return buffer.subarray(0, bytesRead);
          } finally {
            await handle.close();
          }
        },
      }),
    );
    if (!audio.result.ok) throw new Error(`WAV refused: ${audio.result.message}`);
    wav.ms.push(audio.ms);
    wav.block.push(audio.maxBlockMs);
    wav.rss.push(audio.rssGrowthMb);
    const art = await measure(() => checkArtwork(fs.createReadStream(jpgPath)));
    if (!art.result.ok) throw new Error(`JPG refused: ${art.result.message}`);
    jpg.ms.push(art.ms);
    jpg.block.push(art.maxBlockMs);
    jpg.rss.push(art.rssGrowthMb);
    console.log(
      `run ${run}: WAV ${audio.ms} ms, block ${audio.maxBlockMs} ms, RSS +${audio.rssGrowthMb} MB | JPG ${art.ms} ms, block ${art.maxBlockMs} ms, RSS +${art.rssGrowthMb} MB`,
    );
  }
  console.log(`WAV time after last byte (ms): ${spread(wav.ms)} (target ≤ 5000)`);
  console.log(`WAV longest event-loop block (ms): ${spread(wav.block)} (target ≤ 50)`);
  console.log(`WAV RSS growth (MB): ${spread(wav.rss)} (target ≤ 64)`);
  console.log(
    `JPG time (ms): ${spread(jpg.ms)} (target ≤ 1000); block ${spread(jpg.block)}; RSS +${spread(jpg.rss)} MB`,
  );
}

async function craftedFiles() {
  const results = await runCrafted(RUNS);
  console.log("crafted FLACs (issue 45), through the app:");
  for (const [name, runs] of results) {
    const of = (key: keyof (typeof runs)[number]) => spread(runs.map((run) => run[key]));
    console.log(
      `${name}: status ${runs.map((run) => run.status).join("/")}; answered ${of("ms")} ms (≤ 5000); CPU ${of("cpuMs")} ms; RSS peak +${of("rssPeakMb")} MB (< 256), after +${of("rssAfterMb")} MB; worst health ${of("worstHealthMs")} ms (≤ 500)`,
    );
  }
}

try {
  console.log(`host: ${os.cpus()[0]?.model ?? "?"} × ${os.cpus().length}, node ${process.version}`);
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
  if (!CRAFTED_ONLY) await largeFiles();
  await craftedFiles();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
