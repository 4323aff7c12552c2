import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AutosaveQueue, type SaveStatus } from "./autosave-queue";

interface Answer {
  version: number;
  text: string;
}

function setup(save: (draft: string, version: number) => Promise<Answer>) {
  const statuses: SaveStatus[] = [];
  const saved: Answer[] = [];
  const queue = new AutosaveQueue<string, Answer>(
    {
      delayMs: 500,
      save,
      failure: (error) =>
        String(error).includes("409")
          ? { kind: "conflict", message: "changed elsewhere" }
          : { kind: "error", message: "offline" },
      onStatus: (status) => statuses.push(status),
      onSaved: (answer) => saved.push(answer),
    },
    "",
    1,
  );
  return { queue, statuses, saved };
}

describe("AutosaveQueue", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends the whole draft once, 500 ms after the last change, from the version it was edited from", async () => {
    const save = vi.fn((text: string, version: number) =>
      Promise.resolve({ version: version + 1, text }),
    );
    const { queue, statuses } = setup(save);
    queue.change("S");
    await vi.advanceTimersByTimeAsync(300);
    queue.change("Su");
    await vi.advanceTimersByTimeAsync(499);
    expect(save).not.toHaveBeenCalled();
    expect(statuses.at(-1)).toEqual({ kind: "saving" });
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledExactlyOnceWith("Su", 1);
    expect(statuses.at(-1)).toEqual({ kind: "saved" });
    expect(queue.currentVersion).toBe(2);
    expect(queue.unsaved).toBe(false);
  });

  it("sends a change made during a save after it, from the version that save answered", async () => {
    let finish: (answer: Answer) => void = () => undefined;
    const save = vi.fn(
      (text: string, version: number) =>
        new Promise<Answer>((resolve) => {
          finish = () => resolve({ version: version + 1, text });
        }),
    );
    const { queue, statuses } = setup(save);
    queue.change("a");
    await vi.advanceTimersByTimeAsync(500);
    queue.change("ab");
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledTimes(1);
    finish({ version: 2, text: "a" });
    await vi.advanceTimersByTimeAsync(0);
    // Not "Saved": the second change is still to go.
    expect(statuses.at(-1)).toEqual({ kind: "saving" });
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenLastCalledWith("ab", 2);
    finish({ version: 3, text: "ab" });
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toEqual({ kind: "saved" });
  });

  it("keeps the edits and stops on a conflict; retries a failure with the next change", async () => {
    const save = vi.fn(() => Promise.reject(new Error("409")));
    const { queue, statuses } = setup(save);
    queue.change("mine");
    await vi.advanceTimersByTimeAsync(500);
    expect(statuses.at(-1)).toEqual({ kind: "conflict", message: "changed elsewhere" });
    queue.change("mine, more");
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(queue.currentDraft).toBe("mine, more");
    // A newer release from elsewhere never replaces edits not saved.
    expect(queue.adopt(5, "theirs")).toBe(false);

    const offline = setup(() => Promise.reject(new Error("offline")));
    offline.queue.change("x");
    await vi.advanceTimersByTimeAsync(500);
    expect(offline.statuses.at(-1)).toEqual({ kind: "error", message: "offline" });
    offline.queue.change("xy");
    await vi.advanceTimersByTimeAsync(500);
    expect(offline.statuses.filter((s) => s.kind === "error")).toHaveLength(2);
  });

  it("takes a newer release only while nothing waits to be saved", async () => {
    const save = vi.fn((text: string, version: number) =>
      Promise.resolve({ version: version + 1, text }),
    );
    const { queue } = setup(save);
    expect(queue.adopt(1, "same version")).toBe(false);
    expect(queue.adopt(3, "from another tab")).toBe(true);
    expect(queue.currentDraft).toBe("from another tab");
    queue.change("typed");
    expect(queue.adopt(4, "older tab")).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledWith("typed", 3);
  });

  it("says what a reload would lose: the draft, its version and the save without an answer", async () => {
    const { queue } = setup(() => Promise.reject(new Error("offline")));
    expect(queue.unsavedSnapshot).toBeNull();
    queue.change("a");
    expect(queue.unsavedSnapshot).toEqual({ draft: "a", version: 1, sent: null });
    await vi.advanceTimersByTimeAsync(500);
    // Refused or lost on the way: it may still have been saved, so it stays named.
    queue.change("ab");
    expect(queue.unsavedSnapshot).toEqual({ draft: "ab", version: 1, sent: "a" });

    const answered = setup((text, version) => Promise.resolve({ version: version + 1, text }));
    answered.queue.change("a");
    await vi.advanceTimersByTimeAsync(500);
    expect(answered.queue.unsavedSnapshot).toBeNull();
  });
});
