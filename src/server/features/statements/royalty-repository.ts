import type { Kysely } from "kysely";
import { containsText } from "../../db/contains-text";
import type { Database } from "../../db/schema";

/* Artists' royalty rates (basis points) and the finance agents' artist list. */

type Db = Kysely<Database>;

/** Artists per `in (…)` list. */
const IN_CHUNK = 500;

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Royalty rates (basis points) the finance agents set, by artist. */
export async function royaltyRates(db: Db, artistIds: readonly string[]) {
  const rates = new Map<string, number>();
  for (const batch of chunks(artistIds, IN_CHUNK)) {
    const rows = await db
      .selectFrom("royalty_rate")
      .select(["artistId", "basisPoints"])
      .where("artistId", "in", batch)
      .execute();
    for (const row of rows) rates.set(row.artistId, row.basisPoints);
  }
  return rates;
}

/** Artists (not agents) by name or email, in name order after the cursor's. */
export async function listArtists(
  db: Db,
  /** `false` as the engine binds it (SQLite: 0). */
  no: boolean | number,
  q: string | undefined,
  after: { name: string; id: string } | null,
  limit: number,
) {
  let query = db
    .selectFrom("user as u")
    .leftJoin("royalty_rate as rr", "rr.artistId", "u.id")
    .select(["u.id", "u.name", "u.artistName", "u.email", "rr.basisPoints"])
    .where((eb) => eb.or([eb("u.admin", "=", no), eb("u.admin", "is", null)]))
    .orderBy("u.name")
    .orderBy("u.id")
    .limit(limit);
  if (q) {
    query = query.where((eb) =>
      eb.or([
        containsText(eb.ref("u.name"), q),
        containsText(eb.ref("u.artistName"), q),
        containsText(eb.ref("u.email"), q),
      ]),
    );
  }
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb("u.name", ">", after.name),
        eb.and([eb("u.name", "=", after.name), eb("u.id", ">", after.id)]),
      ]),
    );
  }
  return query.execute();
}

export async function findArtist(db: Db, id: string) {
  return db
    .selectFrom("user as u")
    .leftJoin("royalty_rate as rr", "rr.artistId", "u.id")
    .select(["u.id", "u.name", "u.artistName", "u.email", "u.admin", "rr.basisPoints"])
    .where("u.id", "=", id)
    .executeTakeFirst();
}

export async function upsertRoyaltyRate(
  db: Db,
  rate: { artistId: string; basisPoints: number; by: string; now: number },
) {
  const values = { basisPoints: rate.basisPoints, updatedBy: rate.by, updatedAt: rate.now };
  await db
    .insertInto("royalty_rate")
    .values({ artistId: rate.artistId, ...values })
    .onConflict((oc) => oc.column("artistId").doUpdateSet(values))
    .execute();
}
