import { numberFormat } from "../../../shared/intl-formats";
import type { DailyViews } from "../../../shared/song-status";

const WIDTH = 240;
const HEIGHT = 48;
const PAD = 3;

/**
 * Views per day over the last 30 days as a plain SVG line (no chart library:
 * thirty points need none, and the song detail's route chunk stays small).
 */
export function ViewsSparkline({ days }: { days: DailyViews[] }) {
  const total = days.reduce((sum, day) => sum + day.views, 0);
  const peak = Math.max(1, ...days.map((day) => day.views));
  const step = days.length > 1 ? (WIDTH - 2 * PAD) / (days.length - 1) : 0;
  const points = days
    .map((day, i) => {
      const x = PAD + i * step;
      const y = HEIGHT - PAD - (day.views / peak) * (HEIGHT - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
  const busiest = days.reduce<DailyViews | null>(
    (best, day) => (day.views > (best?.views ?? 0) ? day : best),
    null,
  );
  const description =
    `Views per day over the last 30 days, ${numberFormat("en-US").format(total)} in total` +
    (busiest ? `; most on ${busiest.day} (${busiest.views})` : "; none yet");
  return (
    <figure className="flex flex-col gap-1">
      <svg
        role="img"
        aria-label={description}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-12 w-full max-w-60 text-indigo-600 dark:text-indigo-400"
        preserveAspectRatio="none"
      >
        <polyline
          points={points}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="text-sm text-slate-600 dark:text-slate-300">
        Last 30 days: <strong>{numberFormat("en-US").format(total)}</strong>{" "}
        {total === 1 ? "view" : "views"}
      </figcaption>
    </figure>
  );
}
