import { useEffect } from "react";

/**
 * While `unsaved`, closing or reloading the tab asks first (the browser's own
 * question: its words cannot be chosen). Moving inside the app needs no
 * question: leaving the form sends what is left.
 */
export function useWarnBeforeLeaving(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsaved]);
}
