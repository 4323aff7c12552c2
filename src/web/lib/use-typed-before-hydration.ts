import { useEffect, useRef, type RefObject } from "react";

/** A prerendered form's fields, by their autocomplete token, and where each value goes. */
export interface TypedFields {
  /** Text fields: autocomplete token → the state setter (kept when state already has a value). */
  text?: Record<string, (value: string) => void>;
  /** Checkboxes: id → the state setter. */
  checked?: Record<string, (value: boolean) => void>;
}

/**
 * Takes what was typed, autofilled or ticked in a prerendered form before
 * React took it over. React hydrates a controlled field without reading the
 * DOM, so such a value is on screen but not in state, and typing the same
 * value again is no change to React: the form would send empty values or
 * keep its submit disabled. Returns the ref to put on the <form>.
 */
export function useTypedBeforeHydration(fields: TypedFields): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  // Read once, at mount, when the prerendered values are in the DOM: the
  // fields of the first render (a new object each render), kept as they were.
  const fieldsAtMount = useRef(fields);
  useEffect(() => {
    const root = form.current;
    if (!root) return;
    for (const [token, set] of Object.entries(fieldsAtMount.current.text ?? {})) {
      const input = root.querySelector<HTMLInputElement>(`input[autocomplete="${token}"]`);
      if (input?.value) set(input.value);
    }
    for (const [id, set] of Object.entries(fieldsAtMount.current.checked ?? {})) {
      const box = root.querySelector<HTMLInputElement>(`input[type="checkbox"]#${CSS.escape(id)}`);
      if (box?.checked) set(true);
    }
  }, []);
  return form;
}
