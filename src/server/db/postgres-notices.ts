import pg from "pg";
import type { NoticeFeed, NoticeLog } from "./notice-feed";

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 30_000;

export interface PostgresNoticesOptions {
  url: string;
  /** A plain identifier (LISTEN takes no parameter). */
  channel: string;
  /** Hear only notices with this payload (a test schema's name: channels span the database). */
  payload?: string;
  /** Names the connection in pg_stat_activity. */
  applicationName: string;
  log: NoticeLog;
}

/**
 * LISTEN on a connection of its own, outside the pool (a pooled connection
 * would stop listening when handed back). It survives its peer going away:
 * a dropped connection is logged, reported as lost (listeners forget what
 * they kept) and opened again with a growing pause, without end.
 */
export class PostgresNotices implements NoticeFeed {
  private client: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private lastError = "not started";
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly options: PostgresNoticesOptions) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) {
      throw new Error(`invalid channel ${options.channel}`);
    }
  }

  get live(): boolean {
    return this.listening;
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  async start(): Promise<void> {
    await this.connect();
  }

  async heardSoFar(): Promise<void> {
    // PostgreSQL sends a listening session's pending notices before the
    // answer to its next query: after this round trip, every notice of a
    // commit that finished before it has been delivered (and heard).
    await this.client?.query("select 1").catch(() => {});
  }

  health(): { status: "ok" | "down"; reason?: string } {
    return this.listening ? { status: "ok" } : { status: "down", reason: this.lastError };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    await client?.end().catch(() => {});
  }

  /** Read anew after each await (close() may have run meanwhile). */
  private isClosed(): boolean {
    return this.closed;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const { url, channel, payload, applicationName } = this.options;
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      application_name: applicationName,
    });
    // Flags, not locals: the client's events change them while connect() awaits.
    const state = { dropped: false };
    const drop = (err: Error) => {
      if (state.dropped) return;
      state.dropped = true;
      void client.end().catch(() => {});
      this.dropped(client, err);
    };
    client.on("error", drop);
    client.on("end", () => drop(new Error("connection ended")));
    client.on("notification", (message) => {
      if (message.channel !== channel) return;
      if (payload !== undefined && message.payload !== payload) return;
      this.changed();
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (err) {
      drop(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    if (this.isClosed() || state.dropped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.listening = true;
    this.retryMs = FIRST_RETRY_MS;
    this.options.log.info({ channel }, "listening for database notices");
    this.changed();
  }

  private dropped(client: pg.Client, err: Error): void {
    if (this.closed) return;
    const wasListening = this.listening && this.client === client;
    if (this.client === client) this.client = undefined;
    this.listening = false;
    this.lastError = err.message;
    this.options.log.warn(
      { channel: this.options.channel, err: err.message, retryInMs: this.retryMs },
      "database notices lost: reconnecting",
    );
    if (wasListening) this.changed();
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
  }
}
