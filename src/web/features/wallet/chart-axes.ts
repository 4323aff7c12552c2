/**
 * The room a bar chart's axes need, from their labels as drawn (uPlot's
 * canvas measures them: `measure` gives a text's width in CSS pixels).
 */
export type Measure = (text: string) => number;

/** Between an axis's labels and the plot, as uPlot leaves it (its `gap`), and a margin. */
const GAP = 5;
const MARGIN = 4;
/** A flat label's row: one line of the axes' 12 px font, with the gap above it. */
const FLAT_ROW = 40;
/** Room a flat label leaves on each side, so neighbours never touch. */
const LABEL_SPACING = 8;

const widest = (measure: Measure, labels: readonly string[]) =>
  labels.reduce((most, label) => Math.max(most, measure(label)), 0);

/** The amounts' axis: as wide as its widest label ("Rs.10,00,000.00" whole). */
export function amountAxisSize(measure: Measure, labels: readonly string[] | null): number {
  // uPlot asks once before it has labels: a first guess, corrected as it lays out.
  if (labels === null || labels.length === 0) return 50;
  return Math.ceil(GAP + widest(measure, labels) + MARGIN);
}

/**
 * Whether the bars' labels stand upright: when the widest does not fit
 * across the room each bar has (whatever the number of bars).
 */
export function labelsUpright(
  measure: Measure,
  labels: readonly string[],
  plotWidth: number,
): boolean {
  if (labels.length === 0) return false;
  return widest(measure, labels) + LABEL_SPACING > plotWidth / labels.length;
}

/** The bars' axis: one row of flat labels, or as tall as the longest upright label. */
export function barAxisSize(measure: Measure, labels: readonly string[], upright: boolean): number {
  return upright ? Math.ceil(GAP + widest(measure, labels) + MARGIN) : FLAT_ROW;
}
