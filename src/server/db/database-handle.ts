import type { Readable } from "node:stream";
import type SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect-types";
import type { NoticeFeed, NoticeLog } from "./notice-feed";
import type { Database } from "./schema";

/** The open database, whichever engine: what the app and the CLI hold. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: MigrationDialect;
  /** A boolean as this engine binds it (SQLite has no boolean type: 0/1). */
  bool: (value: boolean) => boolean | number;
  /** PostgreSQL schema the tables live in, when not the default. */
  schema?: string;
  /**
   * The SQLite connection under Kysely, for the few hot statements that run
   * prepared (the chat writer). Use it only while holding Kysely's
   * connection (`db.connection()`), so no Kysely transaction is open on it.
   */
  sqlite?: SQLite.Database;
  /**
   * PostgreSQL only: runs `COPY … FROM STDIN` on a pooled connection of its
   * own, fed with `data` (COPY's text format): bulk loads such as a
   * statement's staged lines (issue 46). Never inside a transaction.
   */
  copyFrom?: (statement: string, data: Readable) => Promise<void>;
  /**
   * PostgreSQL only: a feed of the notices sent on `channel` by a trigger,
   * heard from commits of any process (not yet started).
   */
  listen?: (channel: string, log: NoticeLog) => NoticeFeed;
  /** The SQLite file (absent for PostgreSQL and ":memory:"); health checks its disk. */
  file?: string;
  /**
   * Called when a pooled PostgreSQL connection breaks (the pool reconnects by
   * itself). Writes to stderr until the app replaces it with its logger.
   */
  onConnectionError: (err: Error) => void;
  close: () => Promise<void>;
}

export type SqliteSynchronous = "FULL" | "NORMAL";

export type PostgresOptions = {
  engine: "postgres";
  url: string;
  /** Schema to work in (tests use a fresh one per run); created when missing. */
  schema?: string;
  poolSize?: number;
};

export type DatabaseOptions =
  | {
      engine: "sqlite";
      /** File path, or ":memory:". */
      file: string;
      /** FULL (default) survives power loss; NORMAL may lose the last commits. */
      synchronous?: SqliteSynchronous;
    }
  | PostgresOptions;
