import type { Generated } from "kysely";
import type { EpochMs, Int64 } from "./columns";

/** An uploaded store statement (migration 0028); lists and maps are JSON text. */
export interface StatementTable {
  id: string;
  fileId: string | null;
  fileName: string;
  fileSha256: string;
  /** preview | importing | imported | reversed | failed */
  state: string;
  /** The hash while importing or imported: unique among those. */
  activeHash: string | null;
  mapping: Generated<string>;
  rates: Generated<string>;
  stores: Generated<string>;
  saleMonths: Generated<string>;
  currencies: Generated<string>;
  lineCount: Generated<number>;
  matchedCount: Generated<number>;
  unmatchedCount: Generated<number>;
  totalPaise: Generated<number>;
  artistsPaise: Generated<number>;
  labelPaise: Generated<number>;
  unmatchedPaise: Generated<number>;
  lineErrors: Generated<string>;
  lineErrorCount: Generated<number>;
  progress: Generated<number>;
  failure: string | null;
  createdBy: string;
  createdAt: EpochMs;
  importedBy: string | null;
  importedAt: EpochMs | null;
  reversedBy: string | null;
  reversedAt: EpochMs | null;
}

/** A statement's lines while it is previewed and imported (staging): partial sums of its groups. */
export interface StatementLineTable {
  statementId: string;
  isrc: string | null;
  upc: string | null;
  store: string;
  country: string;
  saleMonth: string;
  quantity: Generated<number>;
  lineCount: Generated<number>;
  /** Σ net revenue × rate: exact rupees, an integer string in units of 10⁻¹⁶. */
  rupeeUnits: string;
  title: string | null;
  artist: string | null;
}

/** One (code, store, country, month) of a statement, in paise. */
export interface StatementGroupTable {
  id: Generated<number>;
  statementId: string;
  code: string;
  /** isrc | upc */
  codeKind: string;
  trackId: string | null;
  releaseId: string | null;
  artistId: string | null;
  store: string;
  country: string;
  saleMonth: string;
  quantity: Generated<number>;
  lineCount: number;
  amountPaise: Int64;
  artistPaise: Generated<number>;
  labelPaise: Generated<number>;
  title: string | null;
  artist: string | null;
}

/** An artist's royalty share when a finance agent set one (basis points). */
export interface RoyaltyRateTable {
  artistId: string;
  basisPoints: number;
  updatedBy: string;
  updatedAt: EpochMs;
}

/** An unmatched code assigned to a track (or a release, for a UPC). */
export interface CodeAliasTable {
  code: string;
  codeKind: string;
  trackId: string | null;
  releaseId: string;
  createdBy: string;
  createdAt: EpochMs;
}
