import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { postStatementImport, postStatementReversal } from "../features/ledger/ledger-service";
import { insertRelease } from "../features/releases/release-repository";
import { insertTestSong } from "./song-values";

/**
 * Ledger rows for the wallet's tests: a statement's groups written as a
 * preview leaves them, then posted by the ledger feature itself (one
 * posting whose entries sum to zero, balances moved with them), so the
 * wallet is tested without a file and an import job.
 */

type Db = Kysely<Database>;

export interface FixtureTrack {
  title: string;
  isrc: string;
  version?: string;
  /** The song request the track became; created when not given. */
  songId?: string;
  /** Claim the ISRC as an approval does, so statements match it (unique across tests). */
  claim?: boolean;
}

/** An approved release of the artist with these tracks (and their songs); their ids. */
export async function insertApprovedRelease(
  db: Db,
  artistId: string,
  title: string,
  tracks: readonly FixtureTrack[],
): Promise<{ releaseId: string; trackIds: string[]; songIds: string[] }> {
  const releaseId = crypto.randomUUID();
  const now = Date.now();
  await insertRelease(db, { id: releaseId, artistId, primaryArtist: "Asha Rao" }, now);
  await db
    .updateTable("release")
    .set({ state: "approved", title, upc: "8901234567891" })
    .where("id", "=", releaseId)
    .execute();
  const trackIds: string[] = [];
  const songIds: string[] = [];
  for (const [position, track] of tracks.entries()) {
    const songId =
      track.songId ??
      (await insertTestSong(
        db,
        artistId,
        {
          type: track.title,
          status: "approved",
          album: title,
          artist: "Asha Rao",
          genre: "Pop",
          date: "",
        },
        now,
      ));
    const id = crypto.randomUUID();
    await db
      .insertInto("release_track")
      .values({
        releaseId,
        id,
        position,
        title: track.title,
        version: track.version ?? "",
        featuredArtists: "[]",
        composer: "Asha Rao",
        lyricist: "Asha Rao",
        instrumental: 0,
        producer: "",
        explicit: "not_explicit",
        isrc: track.isrc,
        // Only a claimed ISRC is matched by statements; the wallet reads the ISRC itself.
        isrcClaim: track.claim ? track.isrc.replaceAll("-", "") : null,
        lyrics: "",
        audioFileId: null,
        songId,
      })
      .execute();
    trackIds.push(id);
    songIds.push(songId);
  }
  return { releaseId, trackIds, songIds };
}

/** One (track, store, country, month) of a statement credited to an artist. */
export interface FixtureGroup {
  artistId: string;
  trackId?: string | null;
  releaseId?: string | null;
  store: string;
  country: string;
  saleMonth: string;
  quantity: number;
  artistPaise: number;
}

/** An imported statement crediting these groups: the statement, its groups, one posting. */
export async function postStatement(
  db: Db,
  groups: readonly FixtureGroup[],
  at = Date.now(),
): Promise<{ statementId: string; postingId: string; groupIds: number[] }> {
  return db.transaction().execute(async (trx) => {
    const statementId = crypto.randomUUID();
    const hash = crypto.randomUUID();
    await trx
      .insertInto("statement")
      .values({
        id: statementId,
        fileName: `statement-${statementId.slice(0, 6)}.csv`,
        fileSha256: hash,
        state: "imported",
        activeHash: hash,
        stores: JSON.stringify([...new Set(groups.map((g) => g.store))]),
        saleMonths: JSON.stringify([...new Set(groups.map((g) => g.saleMonth))]),
        createdBy: "fixture",
        createdAt: at,
        importedAt: at,
      })
      .execute();
    const groupIds: number[] = [];
    for (const group of groups) {
      const row = await trx
        .insertInto("statement_group")
        .values({
          statementId,
          code: "INA1B2600001",
          codeKind: "isrc",
          trackId: group.trackId ?? null,
          releaseId: group.releaseId ?? null,
          artistId: group.artistId,
          store: group.store,
          country: group.country,
          saleMonth: group.saleMonth,
          quantity: group.quantity,
          lineCount: 1,
          amountPaise: group.artistPaise,
          artistPaise: group.artistPaise,
          labelPaise: 0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      groupIds.push(row.id);
    }
    const posted = await postStatementImport(trx, { statementId, by: null, now: at });
    return { statementId, postingId: posted!.postingId, groupIds };
  });
}

/** postStatement, with the statement's totals those of its groups (as an import leaves them). */
export async function postStatementWithTotals(db: Db, groups: readonly FixtureGroup[]) {
  const posted = await postStatement(db, groups);
  const total = groups.reduce((sum, g) => sum + g.artistPaise, 0);
  await db
    .updateTable("statement")
    .set({ totalPaise: total, artistsPaise: total })
    .where("id", "=", posted.statementId)
    .execute();
  return posted;
}

/** A statement's ledger entries (its import's only, with `kind`), as account and amount. */
export function statementEntries(db: Db, statementId: string, kind?: "statement") {
  let query = db
    .selectFrom("ledger_entry as e")
    .innerJoin("ledger_posting as p", "p.id", "e.postingId")
    .select(["e.accountId", "e.amount"])
    .where("p.statementId", "=", statementId);
  if (kind) query = query.where("p.kind", "=", kind);
  return query.execute();
}

/** The opposite of every entry of a statement, by the ledger; the statement is reversed. */
export async function reverseStatement(
  db: Db,
  statementId: string,
  at = Date.now(),
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("statement")
      .set({ state: "reversed", activeHash: null, reversedAt: at })
      .where("id", "=", statementId)
      .execute();
    const posted = await postStatementReversal(trx, { statementId, by: null, now: at });
    return posted!.postingId;
  });
}
