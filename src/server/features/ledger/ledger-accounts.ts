/**
 * The ledger's accounts (decision 106). Ids name what they hold, so a
 * posting built in SQL can name an artist's account without a lookup.
 */
export const LABEL_ACCOUNT = "label";
/** Statement money whose code matched no track yet. */
export const UNMATCHED_ACCOUNT = "unmatched";
/** What the stores paid us: the other side of every statement credit. */
export const STORES_ACCOUNT = "stores";
export const ARTIST_ACCOUNT_PREFIX = "artist:";

export const artistAccountId = (artistId: string) => `${ARTIST_ACCOUNT_PREFIX}${artistId}`;
/** A split share's money while its collaborator has not accepted (issue 47): kind `split_held`. */
export const SPLIT_HELD_PREFIX = "split:";
export const SPLIT_HELD_KIND = "split_held";
export const splitHeldAccountId = (shareId: string) => `${SPLIT_HELD_PREFIX}${shareId}`;

/** The accounts every statement posting may touch besides the artists'. */
export const FIXED_ACCOUNTS = [
  { id: LABEL_ACCOUNT, kind: "label" },
  { id: UNMATCHED_ACCOUNT, kind: "unmatched" },
  { id: STORES_ACCOUNT, kind: "stores" },
] as const;

/** A posting's kind: also the `ledger.posted` event's. */
export type PostingKind = StatementPostingKind | SplitPostingKind;
export type StatementPostingKind = "statement" | "reversal" | "assignment";
/** A held share moved to its collaborator (accept) or back to the artist (decline, expiry, removal). */
export type SplitPostingKind = "split-accept" | "split-return";
export const SPLIT_POSTING_KINDS: readonly SplitPostingKind[] = ["split-accept", "split-return"];

/** Idempotency keys: one per money step, so a retry posts nothing twice. */
export const postingKeys = {
  import: (statementId: string) => `statement:${statementId}:import`,
  reverse: (statementId: string) => `statement:${statementId}:reverse`,
  assign: (statementId: string, code: string) => `statement:${statementId}:assign:${code}`,
  splitAccept: (shareId: string) => `split:${shareId}:accept`,
  splitReturn: (shareId: string) => `split:${shareId}:return`,
};
