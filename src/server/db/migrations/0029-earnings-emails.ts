import type { Kysely } from "kysely";

/**
 * The Earnings emails switch (issue 46): one email per imported statement
 * to each credited artist unless they turned it off. Null (never set) is on,
 * like the song status switch.
 */
export const earningsEmailsMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("mail_preference").addColumn("earningsEmails", "boolean").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("mail_preference").dropColumn("earningsEmails").execute();
  },
};
