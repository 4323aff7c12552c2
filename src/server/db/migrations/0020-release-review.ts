import { sql, type Kysely } from "kysely";

/**
 * The review of releases (issue 40, decision 099): who reviews a release,
 * when it entered its state (the queue's "Waiting"), what it looked like
 * when changes were requested ("Changed since last review"), why it was
 * rejected; its timeline of steps; one delivery row per store; and the
 * counters ISRCs and UPCs are numbered from (one row per counter, raised
 * with UPDATE … RETURNING inside the approving transaction).
 */
export const releaseReviewMigration = {
  async up(db: Kysely<unknown>) {
    for (const [name, type] of [
      ["reviewerId", "text"],
      ["stateChangedAt", "bigint"],
      ["reviewSnapshot", "text"],
      ["rejectionReason", "text"],
    ] as const) {
      await db.schema.alterTable("release").addColumn(name, type).execute();
    }
    await db.schema
      .alterTable("release")
      .addColumn("rejectionNote", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    // Releases from before the review entered their state when submitted (or last saved).
    await sql`update release set "stateChangedAt" = coalesce("submittedAt", "updatedAt")`.execute(
      db,
    );
    // The desk's queue: one state, oldest or newest first, read in index order.
    await db.schema
      .createIndex("release_state_changed_idx")
      .on("release")
      .columns(["state", "stateChangedAt", "id"])
      .execute();

    await db.schema
      .createTable("release_step")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("releaseId", "text", (c) =>
        c.notNull().references("release.id").onDelete("cascade"),
      )
      .addColumn("kind", "text", (c) => c.notNull())
      // JSON: the step's items, reason, note or store (release-review.ts ReleaseStepData).
      .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("actorId", "text")
      .addColumn("actorName", "text")
      // The release's version right after the step: a stale client is told this step.
      .addColumn("releaseVersion", "integer", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      // 1, 2, 3… per release: steps of one save share their `at`.
      .addColumn("seq", "integer", (c) => c.notNull())
      .execute();
    // Unique: two saves numbering a step alike cannot both commit.
    await db.schema
      .createIndex("release_step_release_idx")
      .on("release_step")
      .columns(["releaseId", "seq"])
      .unique()
      .execute();

    await db.schema
      .createTable("release_store")
      .addColumn("releaseId", "text", (c) =>
        c.notNull().references("release.id").onDelete("cascade"),
      )
      .addColumn("store", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("link", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("updatedAt", "bigint")
      .addPrimaryKeyConstraint("release_store_pk", ["releaseId", "store"])
      .execute();

    await db.schema
      .createTable("code_counter")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("value", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("code_counter").execute();
    await db.schema.dropTable("release_store").execute();
    await db.schema.dropTable("release_step").execute();
    await db.schema.dropIndex("release_state_changed_idx").execute();
    for (const name of [
      "rejectionNote",
      "rejectionReason",
      "reviewSnapshot",
      "stateChangedAt",
      "reviewerId",
    ]) {
      await db.schema.alterTable("release").dropColumn(name).execute();
    }
  },
};
