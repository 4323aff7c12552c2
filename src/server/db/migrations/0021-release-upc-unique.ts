import { sql, type Kysely } from "kysely";

/**
 * A UPC is the portal's one release's (issue 45, decision 104), as an ISRC
 * is one track's: `release.upcClaim` holds the UPC in its 13-digit form
 * (a UPC-A with its leading zero) while the release is submitted or
 * further, and a unique index lets only one release hold it, on both
 * engines and across instances. Releases already past their draft claim
 * their UPC in the order they were submitted; a later one that repeats an
 * earlier one's UPC claims nothing, and is refused at approval.
 */
export const releaseUpcUniqueMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("release").addColumn("upcClaim", "text").execute();
    const rows = await sql<{ id: string; upc: string }>`
      select id, upc from release
      where state not in ('draft', 'rejected') and upc <> ''
      order by coalesce("submittedAt", "createdAt"), id`.execute(db);
    const claimed = new Set<string>();
    for (const row of rows.rows) {
      const key = upcClaimOf(row.upc);
      if (!key || claimed.has(key)) continue;
      claimed.add(key);
      await sql`update release set "upcClaim" = ${key} where id = ${row.id}`.execute(db);
    }
    await db.schema
      .createIndex("release_upc_claim_idx")
      .on("release")
      .column("upcClaim")
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("release_upc_claim_idx").execute();
    await db.schema.alterTable("release").dropColumn("upcClaim").execute();
  },
};

/** Frozen here (a migration never changes): 12 or 13 digits with a valid GS1 check digit, as 13. */
function upcClaimOf(raw: string): string | null {
  const value = raw.trim();
  if (!/^\d{12,13}$/.test(value)) return null;
  let sum = 0;
  for (let i = 1; i < value.length; i++) {
    sum += Number(value[value.length - 1 - i]) * (i % 2 === 1 ? 3 : 1);
  }
  if ((10 - (sum % 10)) % 10 !== Number(value[value.length - 1])) return null;
  return value.padStart(13, "0");
}
