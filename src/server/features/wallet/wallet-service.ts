import type { Kysely } from "kysely";
import { z } from "zod";
import { trackDisplayTitle } from "../../../shared/release-format";
import {
  earningsBreakdownSchema,
  type ArtistBalance,
  type EarningsBreakdown,
  type SongEarnings,
  type WalletSummary,
  type WalletTransaction,
  type WalletTransactionPage,
} from "../../../shared/responses/wallet";
import type { EarningsPeriod } from "../../../shared/statement-schemas";
import { splitMessages } from "../../../shared/split-messages";
import { statementMessages } from "../../../shared/statement-messages";
import { displayName, type PublicUser } from "../../../shared/user";
import {
  WALLET_ARTISTS_ONLY_MESSAGE,
  transactionDescription,
  type WalletTransactionKind,
} from "../../../shared/wallet-text";
import type { Database } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { songNotFound } from "../songs/song-records";
import type { NoticeFeed } from "../../db/notice-feed";
import { BalanceReader } from "./balance-reader";
import { productsOf } from "./product-names";
import { WalletCache } from "./wallet-cache";
import { EARNINGS_CSV_HEADER_LINE, earningsCsvRow } from "./earnings-csv";
import { periodMonths, type MonthRange } from "./earnings-period";
import {
  countryKey,
  countryLabel,
  earned,
  mergeRows,
  monthRows,
  productKey,
  row,
  sortRows,
  type Product,
} from "./earnings-rows";
import { decodeCursor, encodeCursor } from "./transaction-cursor";
import {
  balanceAndLastCreditOf,
  postingGroupsOf,
  postingsOnAccount,
  splitPostingLabels,
  type PostingOnAccount,
  type SplitPostingLabel,
} from "./account-repository";
import {
  earningsBy,
  earningsLinesAfter,
  isArtist,
  songWithTracks,
  type EarningsDimension,
  type EarningsSum,
} from "./wallet-repository";

export interface WalletServiceDeps {
  db: Kysely<Database>;
  /**
   * The database's word of every ledger change, whichever process made it
   * (PostgreSQL): each one forgets everything kept, and summaries are kept
   * only while it is heard (decision 116).
   */
  ledgerNotices?: NoticeFeed;
  now?: () => number;
  /** Entries read per query while the CSV streams (tests make it small). */
  csvBatch?: number;
}

/** Recent Transactions: rows per page. */
export const TRANSACTIONS_PAGE_SIZE = 20;
const CSV_BATCH = 1_000;
/** Earnings move only with a posting, whose event clears them; this is the safety net. */
const EARNINGS_TTL_MS = 5 * 60_000;

const KIND_OF_POSTING: Record<string, WalletTransactionKind> = {
  statement: "earnings",
  reversal: "reversal",
  assignment: "assignment",
  // Issue 47: a withdrawal's request, and its return when it failed.
  withdrawal: "withdrawal",
  "withdrawal-failed": "withdrawal-returned",
  // Issue 47: held split money moved to its collaborator, or back to its artist.
  "split-accept": "split",
  "split-return": "split-returned",
};

/**
 * The artist's wallet (issue 46, section 4): the balance, the postings on
 * it, and what they earned by sale month, store, country and track, read
 * from the ledger the statements feature writes. Artists only their own;
 * an agent reads a balance beside a conversation, and a song's earnings.
 */
export class WalletService {
  private readonly db: Kysely<Database>;
  private readonly sumsKept = new WalletCache<EarningsSum[]>(EARNINGS_TTL_MS);
  /** The breakdowns' answers as the route sends them, beside the sums they were made of. */
  private readonly answers = new WalletCache<string>(EARNINGS_TTL_MS);
  private readonly balances: BalanceReader;
  private readonly now: () => number;
  private readonly csvBatch: number;

  constructor(deps: WalletServiceDeps) {
    this.csvBatch = deps.csvBatch ?? CSV_BATCH;
    this.db = deps.db;
    this.balances = new BalanceReader(deps.db, deps.ledgerNotices);
    deps.ledgerNotices?.onChange(() => {
      this.sumsKept.forgetAll();
      this.answers.forgetAll();
    });
    this.now = deps.now ?? Date.now;
  }

  /** A posting or a withdrawal step moved these artists' balances: what was kept of them goes. */
  forget(artistIds: readonly string[]): void {
    this.sumsKept.forget(artistIds);
    this.answers.forget(artistIds);
    this.balances.forget(artistIds);
  }

  async summary(user: PublicUser): Promise<WalletSummary> {
    requireArtist(user);
    return this.balances.summary(user.id);
  }

  async transactions(user: PublicUser, cursor: string | undefined): Promise<WalletTransactionPage> {
    requireArtist(user);
    const postings = await postingsOnAccount(this.db, user.id, {
      after: decodeCursor(cursor),
      limit: TRANSACTIONS_PAGE_SIZE + 1,
    });
    const page = postings.slice(0, TRANSACTIONS_PAGE_SIZE);
    const last = page[page.length - 1];
    return {
      items: await this.describe(user.id, page),
      nextCursor: postings.length > TRANSACTIONS_PAGE_SIZE && last ? encodeCursor(last) : null,
    };
  }

  /** For agents beside a conversation: the artist's balance and their last credit. */
  async artistBalance(viewer: PublicUser, artistId: string): Promise<ArtistBalance> {
    if (!viewer.admin) {
      throw new HttpError(403, statementMessages.agentsOnly, undefined, "FORBIDDEN");
    }
    if (!(await isArtist(this.db, artistId))) {
      throw new HttpError(404, statementMessages.artistNotFound, undefined, "NOT_FOUND");
    }
    const { balancePaise, lastCredit } = await balanceAndLastCreditOf(this.db, artistId);
    if (!lastCredit) return { balancePaise, lastCredit: null };
    const postings = await postingsOnAccount(this.db, artistId, {
      after: null,
      limit: 1,
      only: [lastCredit.postingId],
    });
    const [row] = await this.describe(artistId, postings);
    return {
      balancePaise,
      lastCredit: row
        ? { amountPaise: row.amountPaise, description: row.description, at: row.at }
        : null,
    };
  }

  /**
   * The breakdown as the route's JSON, made (and encoded by its schema, as
   * the serializer would) once per posting and period: the page, its
   * period switch and every return to it ask again. Titles in it may lag a
   * rename by the cache's TTL at most.
   */
  async earningsJson(user: PublicUser, period: EarningsPeriod): Promise<string> {
    requireArtist(user);
    const now = this.now();
    const range = periodMonths(period, now);
    const key = `${period}|${range.from}|${range.to}|${periodMonths("last12", now).to}`;
    return this.answers.get(user.id, key, async () =>
      JSON.stringify(z.encode(earningsBreakdownSchema, await this.earnings(user, period))),
    );
  }

  async earnings(user: PublicUser, period: EarningsPeriod): Promise<EarningsBreakdown> {
    requireArtist(user);
    const range = periodMonths(period, this.now());
    const [months, stores, countries, tracks] = await Promise.all(
      (["saleMonth", "store", "country", "track"] as const).map((dimension) =>
        this.sums(user.id, range, dimension),
      ),
    );
    const byMonth = monthRows(months!, range, periodMonths("last12", this.now()).to!);
    return {
      period,
      from: range.from,
      to: range.to,
      totalPaise: byMonth.reduce((sum, row) => sum + row.amountPaise, 0),
      byMonth,
      byStore: sortRows(earned(stores!).map((s) => row(s.store!, s.store!, s))),
      byCountry: sortRows(mergeRows(earned(countries!), (s) => countryKey(s.country!))).map(
        (r) => ({
          ...r,
          label: countryLabel(r.key),
        }),
      ),
      byTrack: sortRows(await this.trackRows(earned(tracks!))),
    };
  }

  /**
   * The artist's earnings lines of a period as CSV text, produced batch by
   * batch as the response is read (never the whole file in memory). The
   * artist check runs now, before the first byte.
   */
  earningsCsv(user: PublicUser, period: EarningsPeriod): AsyncIterable<string> {
    requireArtist(user);
    const range = periodMonths(period, this.now());
    return this.csvLines(user.id, range);
  }

  /** Streams and earnings of a song: its artist, and agents; anyone else 404. */
  async songEarnings(user: PublicUser, songId: string): Promise<SongEarnings> {
    const song = await songWithTracks(this.db, songId);
    if (!song || (!user.admin && song.artistId !== user.id)) throw songNotFound();
    if (song.trackIds.length === 0) return { streams: 0, earningsPaise: 0 };
    const ids = new Set(song.trackIds);
    const sums = await this.sums(song.artistId, { from: null, to: null }, "track");
    let streams = 0;
    let earningsPaise = 0;
    for (const sum of sums) {
      if (sum.trackId && ids.has(sum.trackId)) {
        streams += sum.quantity;
        earningsPaise += sum.amountPaise;
      }
    }
    return { streams, earningsPaise };
  }

  private sums(artistId: string, range: MonthRange, dimension: EarningsDimension) {
    return this.sumsKept.get(artistId, `${range.from}|${range.to}|${dimension}`, () =>
      earningsBy(this.db, artistId, range, dimension),
    );
  }

  /** Postings as rows of Recent Transactions, with their stores and months. */
  private async describe(
    artistId: string,
    postings: readonly PostingOnAccount[],
  ): Promise<WalletTransaction[]> {
    const ids = postings.map((p) => p.id);
    const [groups, splits] = await Promise.all([
      postingGroupsOf(this.db, artistId, ids),
      splitPostingLabels(this.db, ids),
    ]);
    return postings.map((posting) => {
      const mine = groups.filter((g) => g.postingId === posting.id);
      const kind = KIND_OF_POSTING[posting.kind] ?? "earnings";
      const split = splits.get(posting.id);
      return {
        id: posting.id,
        kind,
        description: split
          ? splitDescription(kind, split)
          : transactionDescription(
              kind,
              mine.map((g) => g.store),
              mine.flatMap((g) => [g.firstMonth, g.lastMonth]),
            ),
        amountPaise: posting.amountPaise,
        at: posting.at,
      };
    });
  }

  private async trackRows(sums: readonly EarningsSum[]) {
    const products = await productsOf(this.db, sums);
    return mergeRows(sums, (s) => productKey(s)).map((r) => {
      const product = products.get(r.key);
      return { ...r, label: product?.title ?? r.label, isrc: product?.isrc ?? "" };
    });
  }

  private async *csvLines(artistId: string, range: MonthRange): AsyncGenerator<string> {
    yield EARNINGS_CSV_HEADER_LINE;
    const products = new Map<string, Product>();
    let after = 0;
    for (;;) {
      const batch = await earningsLinesAfter(this.db, artistId, range, after, this.csvBatch);
      if (batch.length === 0) return;
      await productsOf(this.db, batch, products);
      yield batch
        .map((line) => {
          const product = products.get(productKey(line));
          return earningsCsvRow({
            saleMonth: line.saleMonth,
            store: line.store,
            country: countryKey(line.country),
            track: product?.title ?? "",
            isrc: product?.isrc ?? "",
            quantity: line.quantity,
            amountPaise: line.amountPaise,
          });
        })
        .join("");
      if (batch.length < this.csvBatch) return;
      after = batch[batch.length - 1]!.entryId;
    }
  }
}

export function requireArtist(user: PublicUser): void {
  if (user.admin) throw new HttpError(403, WALLET_ARTISTS_ONLY_MESSAGE, undefined, "FORBIDDEN");
}

/**
 * `Split · Track title · Artist name` for the collaborator the held money
 * reached; `Split returned · Track title · email` for the artist it came back to.
 */
function splitDescription(kind: WalletTransactionKind, split: SplitPostingLabel): string {
  const track = trackDisplayTitle({ title: split.title ?? "", version: split.version ?? "" });
  if (kind === "split-returned") return splitMessages.returned(track, split.email);
  const artist = displayName({
    artistName: split.artistName ?? "",
    username: split.username ?? "",
  });
  return splitMessages.transaction(track, artist);
}
