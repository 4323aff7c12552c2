/**
 * The job engine behind one small interface (decision 019). Jobs are rows the
 * outbox recorded first; an engine only decides who runs which due row, once.
 * - in-process: one SQLite instance polls its own table;
 * - pg-boss: several instances on PostgreSQL share a queue with row locks,
 *   timers and recovery of jobs a dead instance held.
 */
export interface JobWork {
  /** Processes one recorded job. Never throws for a job's own failure (it reschedules). */
  run(id: string): Promise<void>;
  /** Pending jobs due by `now`, the highest priority first, then the oldest. */
  due(now: number, limit: number): Promise<{ id: string; runAt: number; priority: number }[]>;
}

export interface JobQueue {
  readonly engine: "in-process" | "pg-boss";
  start(work: JobWork): Promise<void>;
  /**
   * Tells the engine a recorded job is due at `runAt` (epoch ms); among due
   * jobs, a higher `priority` is taken first.
   */
  notify(id: string, runAt: number, priority?: number): Promise<void>;
  stop(): Promise<void>;
}
