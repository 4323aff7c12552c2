import Fastify from "fastify";
import { describe, expect, it, vi } from "vitest";
import { repeatWhileRunning } from "./repeat-while-running";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("repeatWhileRunning", () => {
  it("never runs two rounds at once, goes on after a failed one, and waits for a round on close", async () => {
    const app = Fastify({ logger: false });
    const error = vi.spyOn(app.log, "error");
    let rounds = 0;
    let running = 0;
    let most = 0;
    let finished = 0;
    repeatWhileRunning(app, {
      name: "test task",
      everyMs: 10,
      run: async () => {
        rounds += 1;
        running += 1;
        most = Math.max(most, running);
        // Longer than the interval: the timer fires again meanwhile.
        await wait(35);
        running -= 1;
        finished += 1;
        if (rounds === 1) throw new Error("the first round fails");
      },
    });
    await app.ready();
    await expect.poll(() => rounds, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    await app.close();
    expect(most).toBe(1);
    expect(running).toBe(0);
    expect(finished).toBe(rounds);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      "test task failed",
    );
    const after = rounds;
    await wait(50);
    expect(rounds).toBe(after);
  });

  it("starts nothing before the app is ready", async () => {
    const app = Fastify({ logger: false });
    const run = vi.fn(() => Promise.resolve());
    repeatWhileRunning(app, { name: "idle", everyMs: 5, run });
    await wait(30);
    expect(run).not.toHaveBeenCalled();
    await app.close();
  });
});
