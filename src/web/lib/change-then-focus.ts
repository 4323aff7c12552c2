import { flushSync } from "react-dom";

/**
 * Applies a state change at once, then moves focus to the element with `id`,
 * or to `fallbackId` when the change disabled that one (a Move button at the
 * end of a list). Done in the event itself: an effect waiting for "the next
 * change" would be taken by any earlier render of the same state whose
 * effects had not run yet, and focus was left on the page body. Not for a
 * change that arrives later (a server's answer): there the effect is right.
 */
export function changeThenFocus(change: () => void, id: string, fallbackId?: string): void {
  flushSync(change);
  const target = document.getElementById(id);
  const usable = target && !(target instanceof HTMLButtonElement && target.disabled);
  const focused = usable ? target : fallbackId ? document.getElementById(fallbackId) : null;
  focused?.focus();
}
