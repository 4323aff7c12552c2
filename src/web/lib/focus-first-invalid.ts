import { useEffect, type RefObject } from "react";
import { flushSync } from "react-dom";

const INVALID = '[aria-invalid="true"]';
const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Moves focus to the first field of `container` marked invalid (its
 * `aria-invalid="true"`), or to the first control inside it when the mark is
 * on a group (a fieldset of radios). A person who sent a form with mistakes
 * lands on the first one, and a screen reader reads its label and message.
 * Returns whether anything was focused.
 */
export function focusFirstInvalid(container: Element | null): boolean {
  const invalid = container?.querySelector<HTMLElement>(INVALID);
  if (!invalid) return false;
  const target = invalid.matches(FOCUSABLE)
    ? invalid
    : invalid.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus();
  return target !== null;
}

/**
 * Shows a form's messages at once (the state change `show`), then focuses
 * its first invalid field: for a check made before sending, in the submit
 * event itself, so focus never rests on the submit button.
 */
export function showErrorsThenFocus(container: Element | null, show: () => void): void {
  flushSync(show);
  focusFirstInvalid(container);
}

/**
 * For messages that arrive later (a server's refusal naming its fields):
 * focuses the first invalid field of `ref` each time `error` changes to a
 * new refusal.
 */
export function useFocusFirstInvalid(ref: RefObject<Element | null>, error: unknown): void {
  useEffect(() => {
    if (error) focusFirstInvalid(ref.current);
  }, [error, ref]);
}
