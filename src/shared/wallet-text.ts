import { STATEMENT_STORES } from "./statement-fields";

/** Agents asking for a wallet (like payout details): the wallet is the artist's own. */
export const WALLET_ARTISTS_ONLY_MESSAGE = "The wallet is for artists only.";

/** The CSV's header line, exactly (issue 46, section 4). */
export const EARNINGS_CSV_HEADER = [
  "Sale month",
  "Store",
  "Country",
  "Track",
  "ISRC",
  "Quantity",
  "Amount (Rs.)",
] as const;

/** What a country's row is called when the statement did not say. */
export const UNKNOWN_COUNTRY = "Unknown";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-10" → "Oct 2026". */
export function formatSaleMonth(month: string): string {
  const [year, mm] = month.split("-");
  const name = MONTHS[Number(mm) - 1];
  return name && year ? `${name} ${year}` : month;
}

/** A span of sale months: "Oct 2026", "Sep–Oct 2026", "Dec 2025–Jan 2026". */
export function formatMonthSpan(first: string, last: string): string {
  if (first === last) return formatSaleMonth(first);
  const [from, to] = first < last ? [first, last] : [last, first];
  if (from.slice(0, 4) === to.slice(0, 4)) {
    return `${formatSaleMonth(from).slice(0, 3)}–${formatSaleMonth(to)}`;
  }
  return `${formatSaleMonth(from)}–${formatSaleMonth(to)}`;
}

/** Stores in the order the portal lists them (Spotify first), others after by name. */
export function orderStores(stores: Iterable<string>): string[] {
  const rank = (store: string) => {
    const at = (STATEMENT_STORES as readonly string[]).indexOf(store);
    return at === -1 ? STATEMENT_STORES.length : at;
  };
  return [...new Set(stores)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export type WalletTransactionKind =
  | "earnings"
  | "reversal"
  | "assignment"
  | "withdrawal"
  | "withdrawal-returned"
  | "split"
  | "split-returned";

const KIND_WORDS: Record<WalletTransactionKind, string> = {
  earnings: "Earnings",
  reversal: "Earnings reversed",
  assignment: "Earnings assigned",
  withdrawal: "Withdrawal",
  "withdrawal-returned": "Withdrawal returned",
  // Issue 47: the wallet names the track and the artist or collaborator (split-messages.ts).
  split: "Split",
  "split-returned": "Split returned",
};

/**
 * A row of Recent Transactions: `Earnings · Spotify, JioSaavn · Oct 2026`;
 * a reversal says `Earnings reversed · …`, a later assignment `Earnings assigned · …`.
 */
export function transactionDescription(
  kind: WalletTransactionKind,
  stores: readonly string[],
  months: readonly string[],
): string {
  const parts = [KIND_WORDS[kind]];
  if (stores.length > 0) parts.push(orderStores(stores).join(", "));
  if (months.length > 0) {
    const sorted = [...months].sort();
    parts.push(formatMonthSpan(sorted[0]!, sorted[sorted.length - 1]!));
  }
  return parts.join(" · ");
}
