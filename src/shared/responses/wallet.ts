import { z } from "zod";
import { EARNINGS_PERIODS } from "../statement-schemas";

const paise = z.number().int();

/** GET /api/wallet: the artist's available balance. */
export const walletSummarySchema = z.object({
  balancePaise: paise,
  /** When the last credit arrived (epoch ms), or null. */
  lastCreditAt: z.number().nullable(),
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

/** A row of Recent Transactions: `Earnings · Spotify, JioSaavn · Oct 2026`. */
export const walletTransactionSchema = z.object({
  id: z.string(),
  kind: z.enum([
    "earnings",
    "reversal",
    "assignment",
    "withdrawal",
    "withdrawal-returned",
    "split",
    "split-returned",
  ]),
  description: z.string(),
  /** Positive: credit; negative: debit. */
  amountPaise: paise,
  at: z.number(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

/** GET /api/wallet/transactions?cursor= */
export const walletTransactionPageSchema = z.object({
  items: z.array(walletTransactionSchema),
  nextCursor: z.string().nullable(),
});
export type WalletTransactionPage = z.infer<typeof walletTransactionPageSchema>;

const earningsRowSchema = z.object({
  /** The row's name: "2026-10", "Spotify", "IN" (or "Unknown"), a track's title. */
  key: z.string(),
  label: z.string(),
  quantity: z.number().int(),
  amountPaise: paise,
});
export type EarningsRow = z.infer<typeof earningsRowSchema>;

/** GET /api/wallet/earnings?period=: the four breakdowns the charts draw. */
export const earningsBreakdownSchema = z.object({
  period: z.enum(EARNINGS_PERIODS),
  /** Sale months covered, inclusive (YYYY-MM), null for all time's open end. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  totalPaise: paise,
  byMonth: z.array(earningsRowSchema),
  byStore: z.array(earningsRowSchema),
  byCountry: z.array(earningsRowSchema),
  byTrack: z.array(earningsRowSchema.extend({ isrc: z.string() })),
});
export type EarningsBreakdown = z.infer<typeof earningsBreakdownSchema>;

/** GET /api/songs/:id/earnings: the analytics card's Streams and Earnings. */
export const songEarningsSchema = z.object({
  streams: z.number().int(),
  earningsPaise: paise,
});
export type SongEarnings = z.infer<typeof songEarningsSchema>;

/** GET /api/desk/artists/:id/balance: beside a conversation, read-only. */
export const artistBalanceSchema = z.object({
  balancePaise: paise,
  lastCredit: z.object({ amountPaise: paise, description: z.string(), at: z.number() }).nullable(),
});
export type ArtistBalance = z.infer<typeof artistBalanceSchema>;

/** GET /api/me/roles: what the navigation needs beyond artist or agent. */
export const myRolesSchema = z.object({ finance: z.boolean() });
export type MyRoles = z.infer<typeof myRolesSchema>;
