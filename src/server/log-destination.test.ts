/** The server's log lines wait in a buffer, and none is lost when the process ends (decision 131). */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pino from "pino";
import { afterEach, expect, it, vi } from "vitest";
import { bufferedLog, LOG_BUFFER_CHARS, LOG_FLUSH_MS, type BufferedLog } from "./log-destination";

const opened: { fd: number; file: string; stream: BufferedLog }[] = [];

function logFile() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "portal-log-")), "server.log");
  const fd = fs.openSync(file, "a");
  const stream = bufferedLog(fd);
  opened.push({ fd, file, stream });
  return { file, log: pino({}, stream) };
}

afterEach(() => {
  for (const { fd, file, stream } of opened.splice(0)) {
    stream.stop();
    fs.closeSync(fd);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
});

const linesOf = (file: string) => fs.readFileSync(file, "utf8").split("\n").filter(Boolean);

it("keeps a short line until the periodic flush, then writes it", async () => {
  const { file, log } = logFile();
  log.info("one request");
  await sleep(50);
  expect(linesOf(file)).toEqual([]);
  await sleep(LOG_FLUSH_MS + 200);
  expect(linesOf(file).map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
    "one request",
  ]);
});

it("makes no write in a second when no line waits", async () => {
  const { file, log } = logFile();
  const { fd } = opened[0]!;
  const writes = vi.spyOn(fs, "writeSync");
  try {
    const toLog = () => writes.mock.calls.filter(([to]) => to === fd).length;
    await sleep(LOG_FLUSH_MS + 200);
    expect(toLog()).toBe(0);
    log.info("one request");
    await sleep(LOG_FLUSH_MS + 200);
    expect(toLog()).toBe(1);
    await sleep(LOG_FLUSH_MS + 200);
    expect(toLog()).toBe(1);
    expect(linesOf(file)).toHaveLength(1);
  } finally {
    writes.mockRestore();
  }
});

it("writes a full buffer's lines at once, without waiting for the flush", async () => {
  const { file, log } = logFile();
  const message = "x".repeat(200);
  const count = Math.ceil(LOG_BUFFER_CHARS / message.length) + 1;
  for (let i = 0; i < count; i++) log.info(message);
  await sleep(100);
  expect(fs.statSync(file).size).toBeGreaterThanOrEqual(LOG_BUFFER_CHARS);
  expect(linesOf(file).length).toBeLessThan(count);
});

it("writes nothing more once stopped", async () => {
  const { file, log } = logFile();
  log.info("before the stop");
  opened[0]!.stream.stop();
  expect(linesOf(file)).toHaveLength(1);
  log.info("after the stop");
  await sleep(LOG_FLUSH_MS + 200);
  expect(linesOf(file)).toHaveLength(1);
});

it("writes a warning at once, after the lines that waited before it", () => {
  const { file, log } = logFile();
  log.info("a request");
  log.warn("a warning");
  const written = linesOf(file).map((line) => (JSON.parse(line) as { msg: string }).msg);
  expect(written).toEqual(["a request", "a warning"]);
});

async function childOutput(end: "exit" | "throw" | "idle"): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "src/server/test/buffered-log-child.ts", end],
      (_err, stdout) => resolve(stdout),
    );
  });
}

it.each(["exit", "throw", "idle"] as const)(
  "writes what waits when the process ends (%s)",
  async (end) => {
    expect(await childOutput(end)).toContain('"msg":"last words"');
  },
  30_000,
);
