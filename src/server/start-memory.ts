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
export const START_GROWTH_FLAG = "--semi-space-growth-factor=1";
/** V8's default growth factor. */
const DEFAULT_GROWTH_FLAG = "--semi-space-growth-factor=2";

/** Called first thing (main.ts); a process started by hand may pass START_GROWTH_FLAG to node. */
export function startGrowth(): void {
  v8.setFlagsFromString(START_GROWTH_FLAG);
}

/** Called once the server listens. */
export function startDone(): void {
  v8.setFlagsFromString(DEFAULT_GROWTH_FLAG);
}
