import { useEffect, useRef } from "react";

/**
 * A <dialog> shown as a modal as soon as it mounts: the browser traps focus,
 * closes it with Escape and returns focus to what opened it.
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return ref;
}
