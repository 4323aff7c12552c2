import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OPEN_RETRY_DELAYS_MS, OpeningRetry } from "./opening-retry";

/**
 * A conversation whose opening fails on the network while the live link is
 * up (use-opened-room.ts): each failure schedules the next try. Issue 42:
 * it used to try again at once, in a loop.
 */
describe("OpeningRetry", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** An opening that always fails on the network, wired as the hook wires it. */
  function alwaysFailing(retry: OpeningRetry) {
    const tries: number[] = [];
    const open = () => {
      tries.push(Date.now());
      retry.failed();
      retry.schedule(open);
    };
    return { tries, open };
  }

  it("tries again after waits that double up to 30 s, never at once", () => {
    const retry = new OpeningRetry();
    const { tries, open } = alwaysFailing(retry);
    open();
    vi.advanceTimersByTime(999);
    expect(tries).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(tries).toHaveLength(2);
    vi.advanceTimersByTime(3 * 60_000);
    const waits = tries.slice(1).map((at, i) => at - tries[i]!);
    expect(waits.slice(0, 8)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    // Three minutes of a server that never answers: a dozen tries, not thousands.
    expect(tries.length).toBeLessThan(15);
    retry.cancel();
  });

  it("starts over from the shortest wait once an opening succeeds", () => {
    const retry = new OpeningRetry();
    const { tries, open } = alwaysFailing(retry);
    open();
    vi.advanceTimersByTime(1_000 + 2_000 + 4_000);
    expect(tries).toHaveLength(4);
    retry.succeeded();
    vi.advanceTimersByTime(60_000);
    expect(tries).toHaveLength(4);
    open();
    vi.advanceTimersByTime(OPEN_RETRY_DELAYS_MS[0]);
    expect(tries).toHaveLength(6);
    retry.cancel();
  });

  it("tries nothing once cancelled (the conversation left, or the link came back first)", () => {
    const retry = new OpeningRetry();
    const open = vi.fn();
    retry.failed();
    retry.schedule(open);
    retry.cancel();
    vi.advanceTimersByTime(60_000);
    expect(open).not.toHaveBeenCalled();
  });
});
