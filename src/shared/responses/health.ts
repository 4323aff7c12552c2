import { z } from "zod";

const engineHealthSchema = z.object({
  status: z.enum(["ok", "down"]),
  engine: z.string(),
  ms: z.number().optional(),
  reason: z.string().optional(),
});

/** The mail transport, the job engine and the mails waiting (reported, never a 503). */
const mailHealthSchema = engineHealthSchema.extend({
  jobs: z.enum(["in-process", "pg-boss"]),
  pending: z.number().nullable(),
});

/** /api/health/ready (and /api/health): each engine, and what is down. */
export const healthSchema = z.object({
  status: z.enum(["ok", "error"]),
  message: z.string().optional(),
  down: z.array(z.string()).optional(),
  database: engineHealthSchema,
  storage: engineHealthSchema,
  redis: engineHealthSchema.optional(),
  mail: mailHealthSchema.optional(),
  /** PostgreSQL: whether the ledger's notices are heard (reported, never a 503: wallets read fresh meanwhile). */
  ledgerNotices: engineHealthSchema.optional(),
});

/** /api/health/live: the process answers. */
export const liveSchema = z.object({ status: z.literal("ok"), uptimeSeconds: z.number() });
