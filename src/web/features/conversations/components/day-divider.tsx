import { dayLabel } from "../day-label";

/**
 * The day label over a conversation, sticky while that day scrolls past. It
 * sits on a full-width band of the list's own background, so messages slide
 * under the band and are never half-covered around a floating pill. The list
 * pads its top by 0.75rem and sticky offsets count from that padding: -top-3
 * pins the band to the list's very edge, with no strip of text above it.
 */
export function DayDivider({ at }: { at: number }) {
  return (
    <li className="sticky -top-3 z-[1] -mx-3 flex justify-center bg-slate-50 px-3 py-1.5 dark:bg-slate-950">
      <span className="rounded-full bg-white px-3 py-0.5 text-xs font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600">
        <time dateTime={new Date(at).toISOString().slice(0, 10)}>{dayLabel(at)}</time>
      </span>
    </li>
  );
}
