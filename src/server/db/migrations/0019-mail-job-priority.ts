import { sql, type Kysely } from "kysely";

/**
 * Each outbox job carries the priority the engines take due jobs in, highest
 * first (decision 095): chosen when the job is recorded, so both engines and
 * the sweep that re-announces jobs agree on it. Jobs already pending get
 * their kind's priority (mail-jobs.ts: mail 20, a first reset request 9,
 * others 0).
 */
export const mailJobPriorityMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("mail_job")
      .addColumn("priority", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update mail_job set priority = case kind when 'mail' then 20 when 'reset-request' then 9 else 0 end
      where status = 'pending'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("mail_job").dropColumn("priority").execute();
  },
};
