import { describe, expect, it } from "vitest";
import { TYPING_EVERY_MS } from "../../../../shared/chat-events";
import { typingSignal } from "./use-typing-signal";

describe("typing signal", () => {
  it("sends at most once every TYPING_EVERY_MS while the keys go on", () => {
    let now = 1_000;
    let sent = 0;
    const keystroke = typingSignal(
      () => {
        sent += 1;
        return true;
      },
      () => now,
    );
    keystroke();
    now += 30;
    keystroke();
    now += TYPING_EVERY_MS - 31;
    keystroke();
    expect(sent).toBe(1);
    now += 1;
    keystroke();
    expect(sent).toBe(2);
  });

  it("tries again at the next keystroke when a signal could not go, not a period later", () => {
    let now = 1_000;
    let linkUp = false;
    const attempts: number[] = [];
    const keystroke = typingSignal(
      () => {
        attempts.push(now);
        return linkUp;
      },
      () => now,
    );
    keystroke();
    linkUp = true;
    now += 30;
    keystroke();
    now += 30;
    keystroke();
    expect(attempts).toEqual([1_000, 1_030]);
  });
});
