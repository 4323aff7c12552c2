import { flushSync } from "react-dom";

/**
 * Applies a state change at once, then moves focus to the element with `id`,
 * or to `fallbackId` when the change disabled that one (a Move button at the
 * end of a list). Done in the event itself: an effect waiting for "the next
 * change" could be taken by another render of the same state that came
 * first (a save's answer), and focus was left on the page body.
 */
export function changeThenFocus(change: () => void, id: string, fallbackId?: string): void {
  flushSync(change);
  const target = document.getElementById(id);
  const usable = target && !(target instanceof HTMLButtonElement && target.disabled);
  const focused = usable ? target : fallbackId ? document.getElementById(fallbackId) : null;
  focused?.focus();
}
