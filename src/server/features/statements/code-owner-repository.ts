import type { Kysely } from "kysely";
import { containsText } from "../../db/contains-text";
import type { Database } from "../../db/schema";

type Db = Kysely<Database>;

/** Codes per `in (…)` list. */
const IN_CHUNK = 500;

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/*
 * Who a statement's code belongs to (issue 46): tracks by their claimed
 * ISRC, releases by their claimed UPC, and codes a finance agent assigned.
 */

export interface CodeOwner {
  trackId: string | null;
  releaseId: string;
  artistId: string;
}

/** Codes of this kind a finance agent assigned by hand (code_alias), with their owners. */
function aliasedOwners(db: Db, kind: "isrc" | "upc", codes: readonly string[]) {
  return db
    .selectFrom("code_alias as a")
    .innerJoin("release as r", "r.id", "a.releaseId")
    .select(["a.code", "a.trackId", "a.releaseId", "r.artistId"])
    .where("a.codeKind", "=", kind)
    .where("a.code", "in", codes)
    .execute();
}

/** Tracks by their claimed (compact) ISRC, and ISRCs assigned to tracks by hand. */
export async function ownersOfIsrcs(db: Db, codes: readonly string[]) {
  const owners = new Map<string, CodeOwner>();
  for (const batch of chunks(codes, IN_CHUNK)) {
    for (const row of await aliasedOwners(db, "isrc", batch)) owners.set(row.code, row);
    const claimed = await db
      .selectFrom("release_track as t")
      .innerJoin("release as r", "r.id", "t.releaseId")
      .select(["t.isrcClaim as code", "t.id as trackId", "t.releaseId", "r.artistId"])
      .where("t.isrcClaim", "in", batch)
      .execute();
    for (const row of claimed) if (row.code) owners.set(row.code, { ...row });
  }
  return owners;
}

/** Releases by their claimed UPC (a release sale), and UPCs assigned by hand. */
export async function ownersOfUpcs(db: Db, codes: readonly string[]) {
  const owners = new Map<string, CodeOwner>();
  for (const batch of chunks(codes, IN_CHUNK)) {
    for (const row of await aliasedOwners(db, "upc", batch)) owners.set(row.code, row);
    const claimed = await db
      .selectFrom("release")
      .select(["upcClaim as code", "id as releaseId", "artistId"])
      .where("upcClaim", "in", batch)
      .execute();
    for (const row of claimed) {
      if (row.code)
        owners.set(row.code, { trackId: null, releaseId: row.releaseId, artistId: row.artistId });
    }
  }
  return owners;
}

/** Remembers a code for a track (or a release), so later statements match it. */
export async function upsertCodeAlias(
  db: Db,
  alias: {
    code: string;
    codeKind: string;
    trackId: string | null;
    releaseId: string;
    by: string;
    now: number;
  },
) {
  await db
    .insertInto("code_alias")
    .values({
      code: alias.code,
      codeKind: alias.codeKind,
      trackId: alias.trackId,
      releaseId: alias.releaseId,
      createdBy: alias.by,
      createdAt: alias.now,
    })
    .onConflict((oc) =>
      oc.column("code").doUpdateSet({
        codeKind: alias.codeKind,
        trackId: alias.trackId,
        releaseId: alias.releaseId,
        createdBy: alias.by,
        createdAt: alias.now,
      }),
    )
    .execute();
}

const trackColumns = [
  "t.id as trackId",
  "t.title",
  "t.isrcClaim",
  "t.releaseId",
  "r.title as releaseTitle",
  "r.primaryArtist as artistName",
  "r.artistId",
] as const;

/** A track with a claimed ISRC, for an assignment. */
export async function findClaimedTrack(db: Db, trackId: string) {
  return db
    .selectFrom("release_track as t")
    .innerJoin("release as r", "r.id", "t.releaseId")
    .select(trackColumns)
    .where("t.id", "=", trackId)
    .where("t.isrcClaim", "is not", null)
    .executeTakeFirst();
}

/** Find a track: by title or ISRC, among tracks whose ISRC is claimed. */
export async function searchTracks(db: Db, q: string, compactCode: string, limit: number) {
  return db
    .selectFrom("release_track as t")
    .innerJoin("release as r", "r.id", "t.releaseId")
    .select(trackColumns)
    .where("t.isrcClaim", "is not", null)
    .where((eb) =>
      eb.or([
        containsText(eb.ref("t.title"), q),
        ...(compactCode
          ? [eb("t.isrcClaim", "like", `${compactCode.replace(/[%_\\]/g, "")}%`)]
          : []),
      ]),
    )
    .orderBy("t.title")
    .orderBy("t.id")
    .limit(limit)
    .execute();
}
