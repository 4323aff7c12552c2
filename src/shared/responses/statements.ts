import { z } from "zod";
import { statementMappingSchema } from "../statement-schemas";

/** Amounts are integer paise (safe integers), never floats. */
const paise = z.number().int();

export const STATEMENT_STATES = [
  "uploaded",
  "previewing",
  "preview",
  "importing",
  "imported",
  "reversed",
  "failed",
] as const;
export type StatementState = (typeof STATEMENT_STATES)[number];

/** A row of GET /api/desk/statements. */
export const statementSummarySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  state: z.enum(STATEMENT_STATES),
  stores: z.array(z.string()),
  saleMonths: z.array(z.string()),
  lineCount: z.number().int(),
  totalPaise: paise,
  createdBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.number(),
  importedAt: z.number().nullable(),
  reversedAt: z.number().nullable(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const statementListSchema = z.object({
  items: z.array(statementSummarySchema),
  nextCursor: z.string().nullable(),
});
export type StatementList = z.infer<typeof statementListSchema>;

/** The preview's counts and totals (Total = Artists + Label + Unmatched). */
export const statementTotalsSchema = z.object({
  lineCount: z.number().int(),
  matchedCount: z.number().int(),
  unmatchedCount: z.number().int(),
  totalPaise: paise,
  artistsPaise: paise,
  labelPaise: paise,
  unmatchedPaise: paise,
});
export type StatementTotals = z.infer<typeof statementTotalsSchema>;

/** GET /api/desk/statements/:id: everything the statement's page shows. */
export const statementDetailSchema = statementSummarySchema.extend({
  /** The file's header line, in order: the selects' options. */
  headers: z.array(z.string()),
  /** The columns the portal proposes (or the agent chose for the last preview). */
  mapping: statementMappingSchema,
  store: z.string().nullable(),
  saleMonth: z.string().nullable(),
  currency: z.string().nullable(),
  /** Currencies found other than INR: each needs a rate; with the rate given, if any. */
  rates: z.record(z.string(), z.string()),
  currencies: z.array(z.string()),
  /** Null until a preview ran. */
  totals: statementTotalsSchema.nullable(),
  /** The first 20 line errors, and how many there are in all. */
  lineErrors: z.array(z.string()),
  lineErrorCount: z.number().int(),
  /** 0–100 while previewing or importing. */
  progress: z.number().int(),
  failure: z.string().nullable(),
});
export type StatementDetail = z.infer<typeof statementDetailSchema>;

/** GET /api/desk/statements/:id/unmatched: unmatched lines grouped by code. */
export const unmatchedCodeSchema = z.object({
  code: z.string(),
  codeKind: z.enum(["isrc", "upc"]),
  title: z.string().nullable(),
  artist: z.string().nullable(),
  lineCount: z.number().int(),
  amountPaise: paise,
});
export const unmatchedListSchema = z.object({ items: z.array(unmatchedCodeSchema) });
export type UnmatchedCode = z.infer<typeof unmatchedCodeSchema>;

/** GET /api/desk/tracks?q=: Find a track (by title or ISRC) for an assignment. */
export const trackMatchSchema = z.object({
  trackId: z.string(),
  title: z.string(),
  isrc: z.string(),
  releaseTitle: z.string(),
  artistName: z.string(),
});
export const trackMatchListSchema = z.object({ items: z.array(trackMatchSchema) });
export type TrackMatch = z.infer<typeof trackMatchSchema>;

/** GET /api/desk/artists: the finance agent's artists, with rate and balance. */
export const financeArtistSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** "85" or "82.5": the rate statements imported from now on use. */
  royaltyPercent: z.string(),
  isDefaultRate: z.boolean(),
  balancePaise: paise,
});
export const financeArtistListSchema = z.object({
  items: z.array(financeArtistSchema),
  nextCursor: z.string().nullable(),
});
export type FinanceArtist = z.infer<typeof financeArtistSchema>;
