import { useCallback, useSyncExternalStore } from "react";
import { DARK_MODE_STORAGE_KEY } from "../../shared/constants";

// The class on <html> is the source of truth; public/theme-init.js sets it
// before paint. Subscribers watch that class itself, so no module state is
// kept and every change of it (this hook or any other code) is heard.

function isDark(): boolean {
  return document.documentElement.classList.contains("dark");
}

export function setDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle("dark", dark);
  try {
    localStorage.setItem(DARK_MODE_STORAGE_KEY, String(dark));
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

function subscribe(listener: () => void) {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

export function useDarkMode(): [boolean, (dark: boolean) => void] {
  const dark = useSyncExternalStore(subscribe, isDark);
  const set = useCallback((value: boolean) => setDarkMode(value), []);
  return [dark, set];
}
