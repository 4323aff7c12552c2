import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../dialect-types";

/**
 * Withdrawals keep where they are paid, and outlive their artist's account.
 *
 * - `payoutDestination`: the artist's payout details as they stood when the
 *   withdrawal was requested (their encrypted values copied as they are), so
 *   a change of details after the request (a hijacked account's, say) does
 *   not redirect money already on its way. Null for rows made before this.
 * - No foreign key to `user`: a withdrawal is a financial record (TDS), kept
 *   when the account is deleted. SQLite cannot drop a constraint, so the
 *   table is made again with its rows and indexes (sqlite.org's "other
 *   kinds of table schema changes"); nothing references it.
 */
export function withdrawalDestinationMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "postgres") {
        await sql`alter table withdrawal add column "payoutDestination" text`.execute(db);
        await sql`
          do $$
          declare name text;
          begin
            for name in select conname from pg_constraint
                where conrelid = 'withdrawal'::regclass and contype = 'f' loop
              execute format('alter table withdrawal drop constraint %I', name);
            end loop;
          end $$`.execute(db);
        return;
      }
      await rebuildSqliteWithdrawal(db);
    },
    /** The column goes; the foreign key stays gone (rows may name deleted accounts by now). */
    async down(db: Kysely<unknown>) {
      await sql`alter table withdrawal drop column "payoutDestination"`.execute(db);
    },
  };
}

const COLUMNS = `id, "artistId", "idempotencyKey", state, "amountPaise", "tdsPaise", "netPaise",
  "tdsRateBasisPoints", "hasPan", "financialYear", reference, "failureReason", "requestedAt",
  "approvedAt", "approvedBy", "paidAt", "paidBy", "failedAt", "failedBy", "updatedAt"`;

async function rebuildSqliteWithdrawal(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table withdrawal_new (
      id text primary key,
      "artistId" text not null,
      "idempotencyKey" text not null unique,
      state text not null,
      "amountPaise" bigint not null,
      "tdsPaise" bigint not null,
      "netPaise" bigint not null,
      "tdsRateBasisPoints" integer not null,
      "hasPan" integer not null,
      "financialYear" integer not null,
      reference text,
      "failureReason" text,
      "requestedAt" bigint not null,
      "approvedAt" bigint,
      "approvedBy" text,
      "paidAt" bigint,
      "paidBy" text,
      "failedAt" bigint,
      "failedBy" text,
      "updatedAt" bigint not null,
      "payoutDestination" text
    )`.execute(db);
  await sql
    .raw(`insert into withdrawal_new (${COLUMNS}) select ${COLUMNS} from withdrawal`)
    .execute(db);
  await sql`drop table withdrawal`.execute(db);
  await sql`alter table withdrawal_new rename to withdrawal`.execute(db);
  await sql`create index withdrawal_artist_idx on withdrawal ("artistId", "requestedAt")`.execute(
    db,
  );
  await sql`create index withdrawal_state_idx on withdrawal (state, "requestedAt")`.execute(db);
  await sql`
    create unique index withdrawal_in_progress_idx on withdrawal ("artistId")
    where state in ('requested', 'approved')`.execute(db);
}
