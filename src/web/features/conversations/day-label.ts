import { dateFormat } from "../../../shared/intl-formats";
import { DAY_MS } from "../../../shared/durations";

function startOfDay(at: number): number {
  const d = new Date(at);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Whether two moments fall on the same local calendar day. */
export function sameDay(a: number, b: number): boolean {
  return startOfDay(a) === startOfDay(b);
}

/**
 * A day separator's label: "Today", "Yesterday", the weekday within the last
 * week, then the date (with the year when it is not this year).
 */
export function dayLabel(at: number, now: number = Date.now(), locale?: string): string {
  const days = Math.round((startOfDay(now) - startOfDay(at)) / DAY_MS);
  if (days === 0) return "Today";
  if (days === 1) return "Yesterday";
  const date = new Date(at);
  if (days > 1 && days < 7) return dateFormat(locale, { weekday: "long" }).format(date);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return dateFormat(locale, {
    day: "numeric",
    month: "long",
    ...(sameYear ? {} : { year: "numeric" }),
  }).format(date);
}
