import { growingLruCache } from "../../cache/growing-lru-cache";

/**
 * A notice due this close to a new message may already be running, and
 * would miss the message: schedule again then (the database decides).
 */
const MARGIN_MS = 30_000;

/**
 * Unread notices this process scheduled and that are not yet due, by key.
 * A message whose notice is already pending joins it (the outbox ignores a
 * second schedule anyway), so a send skips that write: one statement less
 * per message. Only a schedule this process made counts; any doubt goes to
 * the database, whose pending-key index stays the guard.
 */
export function createPendingNotices(max = 50_000) {
  const dueAt = growingLruCache<string, number>(max);
  return {
    /** Whether a notice scheduled here, due well after `at`, already covers this key. */
    covers: (key: string, at: number) => {
      const due = dueAt.get(key);
      return due !== undefined && at < due - MARGIN_MS;
    },
    scheduled: (key: string, runAt: number) => void dueAt.set(key, runAt),
  };
}

export type PendingNotices = ReturnType<typeof createPendingNotices>;
