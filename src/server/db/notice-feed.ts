/**
 * The database's own word that something changed, whichever process changed
 * it (a server instance, the CLI, a script): PostgreSQL's LISTEN/NOTIFY
 * (postgres-notices.ts). What a process keeps on the strength of a feed must
 * be dropped at each notice and whenever the feed is not live, since notices
 * may have been missed meanwhile.
 */
export interface NoticeFeed {
  /** Whether notices are being heard now. */
  readonly live: boolean;
  /**
   * Called at each notice, and whenever listening starts or stops (notices
   * may have been missed meanwhile): either way, forget everything kept.
   */
  onChange(listener: () => void): void;
  /** Resolves once every notice of a commit that finished before the call was heard. */
  heardSoFar(): Promise<void>;
  /** For readiness: listening, or why not (never drains the instance: readers fall back to reads). */
  health(): { status: "ok" | "down"; reason?: string };
  /** Connects and listens (resolves when listening, or after a failed first try that keeps retrying). */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A ledger balance changed (PostgreSQL trigger `ledger_account_changed`, migration 0035). */
export const LEDGER_CHANGED_CHANNEL = "ledger_changed";

/** Where a feed reports its connection's troubles. */
export interface NoticeLog {
  warn: (details: object, message: string) => void;
  info: (details: object, message: string) => void;
}
