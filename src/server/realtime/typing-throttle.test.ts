import { describe, expect, it } from "vitest";
import { TYPING_EVERY_MS } from "../../shared/chat-events";
import { TypingThrottle } from "./typing-throttle";

describe("TypingThrottle", () => {
  it("passes a tab's signals (one a room every TYPING_EVERY_MS) and drops a flood", () => {
    let now = 10_000;
    const throttle = new TypingThrottle(() => now);
    const room = { roomId: "room-a" };
    expect(throttle.allows(room)).toBe(true);
    for (let i = 0; i < 1_000; i++) expect(throttle.allows(room)).toBe(false);
    now += TYPING_EVERY_MS;
    expect(throttle.allows(room)).toBe(true);
  });

  it("passes at most five a second across rooms", () => {
    let now = 10_000;
    const throttle = new TypingThrottle(() => now);
    const passed = Array.from({ length: 50 }, (_, i) => throttle.allows({ roomId: `r${i}` }));
    expect(passed.filter(Boolean)).toHaveLength(5);
    now += 1_000;
    expect(throttle.allows({ roomId: "r-next" })).toBe(true);
  });

  it("refuses what names no room", () => {
    const throttle = new TypingThrottle();
    for (const payload of [null, undefined, 42, {}, { roomId: 7 }]) {
      expect(throttle.allows(payload)).toBe(false);
    }
  });
});
