import v8 from "node:v8";

/**
 * The start allocates fast and keeps most of what it allocates (modules,
 * routes, schemas), so V8 doubles its young generation at almost every
 * collection of the start, then holds the 15 MB it grew until its memory
 * reducer gives them back, some 20 s into idling (decision 128). The start
 * keeps the young generation at its first size instead: what survives goes
 * on to old space, where it belongs. `startDone` restores V8's default
 * growth once the server listens, so a server under load grows it as before.
 */
const START_GROWTH_FACTOR = 1;
/** V8's default `--semi-space-growth-factor`. */
const DEFAULT_GROWTH_FACTOR = 2;

export function startGrowth(): void {
  v8.setFlagsFromString(`--semi-space-growth-factor=${START_GROWTH_FACTOR}`);
}

/** Called once the server listens. */
export function startDone(): void {
  v8.setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
}
