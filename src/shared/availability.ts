import { z } from "zod";
import { dateFormat } from "./intl-formats";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "./durations";

/** Reply-time samples below which no "Usually replies within" is shown. */
export const REPLY_TIME_MIN_SAMPLES = 5;
/** The window the median first-reply time is taken over. */
export const REPLY_TIME_WINDOW_MS = 30 * DAY_MS;
/** Furthest return day an agent may set. */
export const AWAY_MAX_DAYS = 366;

/** What artists see of an agent's availability. */
export interface AgentAvailability {
  /** Away now (set, and the return day, if any, has not come). */
  away: boolean;
  /** The return day, YYYY-MM-DD, while away with one. */
  awayUntil: string | null;
  /** Median first-reply time over 30 days; null with fewer than 5 samples. */
  medianReplyMs: number | null;
}

/** Name of the socket event (declared in socket-events.ts, sent by realtime/fan-out.ts) when an agent goes away or comes back. */
export const AVAILABILITY_CHANGED_EVENT = "agent:availability";

export interface AvailabilityChangedEvent {
  agentId: string;
  availability: AgentAvailability;
}

/** Today as YYYY-MM-DD in UTC (return days are calendar days). */
export function utcDay(at: number = Date.now()): string {
  return new Date(at).toISOString().slice(0, 10);
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

export const setAvailabilitySchema = z
  .object({
    away: z.boolean({ error: "Say whether you are away." }),
    until: z
      .string()
      .regex(isoDay, { error: "Enter the return date as a date." })
      // One parse for both tests: V8 reads some non-dates once "T00:00:00Z"
      // is added but not alone, and utcDay(NaN) throws (a 500 the fuzz found).
      .refine(
        (d) => {
          const at = Date.parse(`${d}T00:00:00Z`);
          return !Number.isNaN(at) && utcDay(at) === d;
        },
        { error: "Enter a real date." },
      )
      .nullable()
      .default(null),
  })
  .superRefine((value, ctx) => {
    if (value.until === null) return;
    if (!value.away) {
      ctx.addIssue({ code: "custom", path: ["until"], message: "A return date needs Away on." });
      return;
    }
    const today = utcDay();
    if (value.until <= today) {
      ctx.addIssue({ code: "custom", path: ["until"], message: "Pick a return date after today." });
    } else if (value.until > utcDay(Date.now() + AWAY_MAX_DAYS * DAY_MS)) {
      ctx.addIssue({
        code: "custom",
        path: ["until"],
        message: "Pick a return date within a year.",
      });
    }
  });
export type SetAvailabilityInput = z.input<typeof setAvailabilitySchema>;

/** Away as stored, seen on a given day: a return day that has come means back. */
export function isAwayOn(away: boolean, awayUntil: string | null, today: string): boolean {
  return away && (awayUntil === null || awayUntil > today);
}

const dayMonth = () => dateFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** "Away", or "Away until 2 Dec". */
export function awayLabel(awayUntil: string | null): string {
  return awayUntil ? `Away until ${dayMonth().format(new Date(`${awayUntil}T00:00:00Z`))}` : "Away";
}

/** "Usually replies within 2 h": the median, rounded up to what people say. */
export function replyTimeHint(medianMs: number): string {
  if (medianMs <= MINUTE_MS) return "Usually replies within a minute";
  if (medianMs < HOUR_MS) return `Usually replies within ${Math.ceil(medianMs / MINUTE_MS)} min`;
  if (medianMs <= DAY_MS) return `Usually replies within ${Math.ceil(medianMs / HOUR_MS)} h`;
  const days = Math.ceil(medianMs / DAY_MS);
  return `Usually replies within ${days} days`;
}

/** The median of some durations (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
