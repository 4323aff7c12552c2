import type { Kysely } from "kysely";

/**
 * An instance claims an outbox row just before handing its mail to SMTP
 * (until when, epoch ms). The job engine may give the same job to a second
 * instance while the first still sends it (pg-boss's expiry on a slow relay
 * or a starved host); the second finds the claim and looks again when it
 * lapses instead of sending the mail twice. A killed instance's claim lapses.
 */
export const mailJobClaimMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("mail_job").addColumn("claimedUntil", "bigint").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("mail_job").dropColumn("claimedUntil").execute();
  },
};
