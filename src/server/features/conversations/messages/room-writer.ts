import type SQLite from "better-sqlite3";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../../db/schema";
import type { MigrationDialect } from "../../../db/dialect-types";
import { createMessageWriter } from "../repositories/message-writer";
import { insertMarkedIn, type FanOutMarking } from "../repositories/fan-out-marks";
import { isUniqueViolation, type InsertResult, type NewMessage } from "../repositories";

export interface RoomWriterDeps {
  db: Kysely<Database>;
  dialect: MigrationDialect;
  /** The raw SQLite connection: people's messages are then written with prepared statements. */
  sqlite?: SQLite.Database;
  /** This instance's id: every write carries a fan-out mark in its own commit (with Redis; decision 094). */
  markFanOut?: string;
}

/** What a change of a room may do inside its one transaction. */
export interface RoomTransaction {
  /** The transaction: the state change's statements run on it. */
  trx: Transaction<Database>;
  /** Stores a line (desk line, note, system line) with its fan-out mark, in this transaction. */
  insert: (input: NewMessage) => Promise<InsertResult>;
}

/** Retries of a whole change after a PostgreSQL seq race (two writers picked one seq). */
const SEQ_RACE_RETRIES = 3;

/**
 * The one writer of a conversation: every message, note and line goes into
 * a room through here.
 *
 * - `message`: what the people write, group-committed (message-writer.ts).
 * - `change`: a change of the room's state and the line that records it
 *   (assignment, resolve, reopen, a note and its mentions, a room created
 *   with its first system line) in ONE transaction on either engine: both
 *   are stored, or neither. On PostgreSQL a seq race aborts the
 *   transaction; the change is then run again whole.
 */
export class RoomWriter {
  readonly message: (input: NewMessage) => Promise<InsertResult>;
  private readonly db: Kysely<Database>;
  private readonly marking: FanOutMarking;

  constructor(deps: RoomWriterDeps) {
    this.db = deps.db;
    this.marking = deps.markFanOut
      ? { dialect: deps.dialect, instanceId: deps.markFanOut }
      : undefined;
    this.message = createMessageWriter(deps.db, deps.sqlite, {
      ...(deps.markFanOut ? { markFanOut: deps.markFanOut } : {}),
    });
  }

  async change<T>(work: (room: RoomTransaction) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db
          .transaction()
          .execute((trx) =>
            work({ trx, insert: (input) => insertMarkedIn(trx, this.marking, input) }),
          );
      } catch (error) {
        if (attempt >= SEQ_RACE_RETRIES || !isUniqueViolation(error)) throw error;
      }
    }
  }
}
