import { useEffect, useRef } from "react";
import uPlot from "uplot";
import { formatPaise } from "../../../shared/money-format";
import { useDarkMode } from "../../lib/theme";
import { amountAxisSize, barAxisSize, labelsUpright, type Measure } from "./chart-axes";

export interface Bar {
  label: string;
  paise: number;
}

const HEIGHT = 220;
/** indigo-600 / indigo-400 and slate-600 / slate-300: the app's own colours in each theme. */
const colours = (dark: boolean) => ({
  bar: dark ? "#818cf8" : "#4f46e5",
  axis: dark ? "#cbd5e1" : "#475569",
  grid: dark ? "#334155" : "#e2e8f0",
});

/** A label short enough to sit under its bar on a phone. */
const short = (label: string) => (label.length > 12 ? `${label.slice(0, 11)}…` : label);

/** The axes' font (uPlot's own size), set on both axes: what is measured is what is drawn. */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** A text's width in CSS pixels, in the axes' font, on the chart's own canvas. */
const measureOn =
  (u: uPlot): Measure =>
  (text) => {
    const before = u.ctx.font;
    u.ctx.font = AXIS_FONT;
    const width = u.ctx.measureText(text).width;
    u.ctx.font = before;
    return width;
  };

/** The plot's width in CSS pixels, as uPlot lays it out. */
const plotWidth = (u: uPlot) => u.bbox.width / uPlot.pxRatio;

/**
 * Amounts as bars, drawn with uPlot (loaded with the earnings page only).
 * The canvas is a picture for sighted readers; the numbers are in the
 * table beside it, which screen readers always have.
 */
export function BarChart({ bars, label }: { bars: readonly Bar[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [dark] = useDarkMode();

  useEffect(() => {
    const container = box.current;
    if (!container || bars.length === 0) return;
    const c = colours(dark);
    const labels = bars.map((bar) => short(bar.label));
    const xs = bars.map((_, index) => index);
    // Labels stand upright when the widest does not fit across its bar's room.
    const upright = (u: uPlot) => labelsUpright(measureOn(u), labels, plotWidth(u));
    // Paise stay whole numbers: the chart scales them, only the axis shows rupees.
    const ys = bars.map((bar) => bar.paise);
    const options: uPlot.Options = {
      width: Math.max(container.clientWidth, 200),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.5, bars.length - 0.5] },
        y: {
          range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 100],
        },
      },
      axes: [
        {
          stroke: c.axis,
          grid: { show: false },
          ticks: { show: false },
          splits: () => xs,
          values: (_u, splits) => splits.map((index) => labels[index] ?? ""),
          font: AXIS_FONT,
          rotate: (u) => (upright(u) ? -90 : 0),
          size: (u) => barAxisSize(measureOn(u), labels, upright(u)),
        },
        {
          stroke: c.axis,
          grid: { stroke: c.grid },
          ticks: { show: false },
          font: AXIS_FONT,
          // As wide as the widest amount: "Rs.10,00,000.00" is not cut to ".00,000.00".
          size: (u, values) => amountAxisSize(measureOn(u), values),
          values: (_u, splits) => splits.map((paise) => formatPaise(Math.round(paise))),
        },
      ],
      series: [
        {},
        {
          label,
          fill: c.bar,
          stroke: c.bar,
          points: { show: false },
          paths: uPlot.paths.bars!({ size: [0.7, 64] }),
        },
      ],
    };
    const chart = new uPlot(options, [xs, ys], container);
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(container.clientWidth, 200), height: HEIGHT }),
    );
    resize.observe(container);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [bars, dark, label]);

  // The chart's height kept from the first paint: the card does not grow (and push the
  // cards below it down) when uPlot draws (Lighthouse measured a layout shift of 0.30).
  return (
    <div
      ref={box}
      aria-hidden="true"
      className="w-full min-w-0 overflow-hidden"
      style={{ minHeight: HEIGHT }}
    />
  );
}
