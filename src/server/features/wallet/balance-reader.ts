import type { Kysely } from "kysely";
import type { WalletSummary } from "../../../shared/responses/wallet";
import type { NoticeFeed } from "../../db/notice-feed";
import type { Database } from "../../db/schema";
import { balanceAndLastCreditOf } from "./account-repository";
import { WalletCache } from "./wallet-cache";

/**
 * Summaries are kept only while the database's notices are heard, which
 * tell of every commit; this bounds a connection that died silently.
 */
const SUMMARY_TTL_MS = 10_000;

/**
 * The wallet's summary (the balance and when the last credit came), asked
 * on every visit and after every step. Read fresh, unless the database
 * tells this instance of every ledger change whichever process makes it
 * (PostgreSQL's notices, decision 116): then each artist's is kept until a
 * notice, a posting or a withdrawal step of theirs, or a gap in hearing.
 * Without them, a statement imported from the shell (another process, no
 * event reaches this one) must still show at once (decision 115).
 */
export class BalanceReader {
  private readonly kept = new WalletCache<WalletSummary>(SUMMARY_TTL_MS);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledgerNotices?: NoticeFeed,
  ) {
    ledgerNotices?.onChange(() => this.kept.forgetAll());
  }

  forget(artistIds: readonly string[]): void {
    this.kept.forget(artistIds);
  }

  async summary(artistId: string): Promise<WalletSummary> {
    if (!this.ledgerNotices?.live) return this.read(artistId);
    return this.kept.get(artistId, "summary", () => this.read(artistId));
  }

  private async read(artistId: string): Promise<WalletSummary> {
    const { balancePaise, lastCredit } = await balanceAndLastCreditOf(this.db, artistId);
    return { balancePaise, lastCreditAt: lastCredit?.at ?? null };
  }
}
