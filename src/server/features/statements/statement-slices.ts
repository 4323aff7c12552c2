/*
 * Slices of a statement's bulk work (issue 46's speed, decision 110). On
 * SQLite every statement runs on the event loop, so a million-line
 * statement's grouping, posting and clean-up run as many short statements
 * over ranges (of buckets, or of codes) with a turn of the loop between
 * them; PostgreSQL's run asynchronously, so there each step is one
 * statement over everything.
 */

/** Groups whose code is in (after, upTo]; null bounds are open. */
export interface CodeRange {
  after: string | null;
  upTo: string | null;
}

export const ALL_CODES: CodeRange = { after: null, upTo: null };

/** Lets timers, I/O and other requests run before the next slice. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How long one slice may hold the event loop (the target is 50 ms in all). */
const SLICE_MS = 15;

/**
 * A slice's width that follows how long the last one took: it aims at
 * SLICE_MS, moving at most ×2 or ÷2 at a time, between `min` and `max`.
 */
export class SliceWidth {
  constructor(
    public value: number,
    private readonly min: number,
    private readonly max: number,
  ) {}

  /** Runs one slice and adapts the width to its time. */
  async run<T>(work: (width: number) => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await work(this.value);
    const took = Math.max(0.5, performance.now() - started);
    const factor = Math.min(2, Math.max(0.5, SLICE_MS / took));
    this.value = Math.round(Math.min(this.max, Math.max(this.min, this.value * factor)));
    return result;
  }
}
