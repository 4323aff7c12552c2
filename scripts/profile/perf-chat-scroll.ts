/**
 * Front-end measurement (not a test): `npm run build && npm run perf:chat-scroll`.
 *
 * Starts the built portal (as the browser journeys do), seeds a 2,000-message
 * conversation through the API, then in Chromium opens it and scrolls back
 * to the first message, page by page. The Performance API's long-task
 * entries are collected from the first navigation on. Three runs; prints the
 * longest task of each, their median and spread. Goal: no task over 200 ms.
 */
import { spawn } from "node:child_process";
import { chromium } from "@playwright/test";
import { ChatApi } from "../../e2e/support/chat-api";

const PORT = Number(process.env.PERF_PORT ?? 4211);
const BASE = `http://localhost:${PORT}`;
const MESSAGES = Number(process.env.MESSAGES ?? 2000);
const PASSWORD = "Str0ng-pass!";

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

const server = spawn("npx", ["tsx", "scripts/test/e2e-server.ts"], {
  env: { ...process.env, PORT: String(PORT) },
  stdio: "ignore",
  detached: true,
});
const stopServer = () => {
  if (server.pid) process.kill(-server.pid, "SIGTERM");
};

try {
  await waitForServer();
  const email = `perf-${Date.now()}@example.test`;
  const artist = await ChatApi.register(BASE, "Perf Artist", email, PASSWORD);
  const roomId = await artist.openRoom(await artist.contactId("Sam"));
  await artist.sendMany(roomId, MESSAGES);
  artist.close();

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), "--disable-gpu"],
  });
  const longest: number[] = [];
  for (let run = 0; run < 3; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => {
      const tasks: number[] = [];
      (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: "longtask", buffered: true });
    });
    const page = await context.newPage();
    await page.goto(`${BASE}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: /Sam/ }).click();
    const list = page.getByRole("region", { name: "Message history" });
    await page.getByText(`Message ${MESSAGES}`, { exact: true }).waitFor();
    const started = Date.now();
    // Scroll back the way a reader does: to the top, wait for the older page, again.
    while (!(await page.getByText("Start of the conversation").isVisible())) {
      await list.evaluate((el) => el.scrollBy({ top: -el.scrollHeight }));
      await page.waitForTimeout(150);
      if (Date.now() - started > 120_000) throw new Error("did not reach the first message");
    }
    const bubbles = await page
      .getByRole("list", { name: "Messages" })
      .getByText(/^Message \d+$/)
      .count();
    const tasks = await page.evaluate(
      () => (window as unknown as { __longTasks: number[] }).__longTasks,
    );
    const max = Math.max(0, ...tasks);
    longest.push(max);
    console.log(
      `run ${run + 1}: ${bubbles} messages rendered, ${tasks.length} long tasks, longest ${max.toFixed(0)} ms, ` +
        `total ${tasks.reduce((a, b) => a + b, 0).toFixed(0)} ms, scrolled back in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await context.close();
  }
  await browser.close();
  const sorted = [...longest].sort((a, b) => a - b);
  console.log(
    `Longest task while opening and scrolling back through ${MESSAGES} messages: median ${sorted[1]!.toFixed(0)} ms ` +
      `(spread ${sorted[0]!.toFixed(0)}–${sorted[2]!.toFixed(0)} ms), goal ≤ 200 ms`,
  );
} finally {
  stopServer();
}
