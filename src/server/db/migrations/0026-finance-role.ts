import type { Kysely } from "kysely";

/**
 * Staff roles beyond the agent's `admin` flag (issue 46): a row per user and
 * role. `finance` lets an agent import statements, set royalty rates and
 * work the ledger; support agents without it are refused those routes.
 */
export const financeRoleMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("user_role")
      .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("grantedAt", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("user_role_pk", ["userId", "role"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("user_role").execute();
  },
};
