import { z } from "zod";
import { plainString } from "./plain-text";
import { STATEMENT_FIELDS, STATEMENT_STORES } from "./statement-fields";
import { statementMessages as m } from "./statement-messages";

/** A column of the file by its header text, or null: "Not in this file". */
const columnSchema = plainString().max(200).nullable();

/** Which header each field is read from (null: not in this file). */
export const statementMappingSchema = z.strictObject(
  Object.fromEntries(STATEMENT_FIELDS.map((f) => [f, columnSchema])) as Record<
    (typeof STATEMENT_FIELDS)[number],
    typeof columnSchema
  >,
);
export type StatementMapping = z.infer<typeof statementMappingSchema>;

export const saleMonthSchema = z
  .string({ error: m.saleMonthFormat })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, m.saleMonthFormat);
export const currencyCodeSchema = z
  .string({ error: m.currencyFormat })
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, m.currencyFormat));

/** "84.5": above 0, at most 6 decimals, kept as text so it stays exact. */
export const exchangeRateSchema = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,6})?$/)
  .refine((v) => /[1-9]/.test(v));

/**
 * POST /api/desk/statements/:id/preview: the columns chosen, the values for
 * the whole file where a field is not a column, and a rupee rate for each
 * currency other than INR (keys are currency codes).
 */
export const statementPreviewInputSchema = z
  .strictObject({
    mapping: statementMappingSchema,
    store: z.enum(STATEMENT_STORES).nullable(),
    saleMonth: saleMonthSchema.nullable(),
    currency: currencyCodeSchema.nullable(),
    rates: z.record(z.string().regex(/^[A-Z]{3}$/), z.string()).default({}),
  })
  .superRefine((input, ctx) => {
    const { mapping } = input;
    if (mapping.netRevenue === null) {
      ctx.addIssue({ code: "custom", path: ["mapping", "netRevenue"], message: m.needsNetRevenue });
    }
    if (mapping.isrc === null && mapping.upc === null) {
      ctx.addIssue({ code: "custom", path: ["mapping", "isrc"], message: m.needsCode });
    }
    if (mapping.store === null && input.store === null) {
      ctx.addIssue({ code: "custom", path: ["store"], message: m.needsStore });
    }
    if (mapping.saleMonth === null && input.saleMonth === null) {
      ctx.addIssue({ code: "custom", path: ["saleMonth"], message: m.needsSaleMonth });
    }
    if (mapping.currency === null && input.currency === null) {
      ctx.addIssue({ code: "custom", path: ["currency"], message: m.needsCurrency });
    }
    for (const [code, rate] of Object.entries(input.rates)) {
      if (!exchangeRateSchema.safeParse(rate).success) {
        ctx.addIssue({ code: "custom", path: ["rates", code], message: m.rateFormat(code) });
      }
    }
  });
export type StatementPreviewInput = z.infer<typeof statementPreviewInputSchema>;

/** POST /api/desk/statements/:id/unmatched/assign */
export const statementAssignInputSchema = z.strictObject({
  code: plainString().min(1).max(20),
  trackId: z.uuid({ error: m.trackNotFound }),
});
export type StatementAssignInput = z.infer<typeof statementAssignInputSchema>;

/** PUT /api/desk/artists/:id/royalty-rate: a percentage with at most 2 decimals, 0–100. */
export const royaltyRateInputSchema = z.strictObject({
  percent: z
    .string({ error: m.royaltyRate })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, m.royaltyRate)
    .refine((v) => Number(v) <= 100, m.royaltyRate),
});
export type RoyaltyRateInput = z.infer<typeof royaltyRateInputSchema>;

/** The earnings page's period choice. */
export const EARNINGS_PERIODS = ["last12", "financialYear", "all"] as const;
export type EarningsPeriod = (typeof EARNINGS_PERIODS)[number];
export const earningsQuerySchema = z.strictObject({
  period: z.enum(EARNINGS_PERIODS).default("last12"),
});

/** Cursor pages (wallet transactions, statements list, artists). */
export const cursorQuerySchema = z.strictObject({
  cursor: plainString().max(200).optional(),
});
export const artistsQuerySchema = z.strictObject({
  q: plainString().trim().max(100).optional(),
  // Each character of a name can take six in the cursor's JSON (\u0001).
  cursor: plainString().max(2000).optional(),
});
export const trackSearchQuerySchema = z.strictObject({
  q: plainString().trim().min(1).max(100),
});

/** `:id` of a statement or an artist in the desk's statement and artist routes. */
export const deskIdParamsSchema = z.strictObject({ id: plainString().min(1).max(100) });
