import { afterEach, describe, expect, it, vi } from "vitest";
import type { DeskActivityEvent } from "../../shared/desk-events";
import { createDeskActivity } from "./desk-activity";

afterEach(() => vi.useRealTimers());

describe("desk activity", () => {
  it("tells the first movement at once, then at most once per interval with the rooms that moved", () => {
    vi.useFakeTimers();
    const told: DeskActivityEvent[] = [];
    const activity = createDeskActivity((event) => told.push(event), 1000);

    activity.mark("r1");
    expect(told).toEqual([{ rooms: 1 }]);
    // A burst inside the interval: held back, counted by distinct room.
    for (let i = 0; i < 500; i++) activity.mark(`r${i % 3}`);
    expect(told).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(told).toEqual([{ rooms: 1 }, { rooms: 3 }]);
    // Quiet interval: nothing to tell, and the next movement goes at once.
    vi.advanceTimersByTime(1000);
    expect(told).toHaveLength(2);
    vi.advanceTimersByTime(5000);
    activity.mark("r9");
    expect(told).toEqual([{ rooms: 1 }, { rooms: 3 }, { rooms: 1 }]);
  });

  it("drops what is pending when stopped", () => {
    vi.useFakeTimers();
    const told: DeskActivityEvent[] = [];
    const activity = createDeskActivity((event) => told.push(event), 1000);
    activity.mark("r1");
    activity.mark("r2");
    activity.stop();
    vi.advanceTimersByTime(5000);
    expect(told).toEqual([{ rooms: 1 }]);
  });
});
