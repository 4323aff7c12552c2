import { useCallback, useSyncExternalStore } from "react";
import { DARK_MODE_STORAGE_KEY } from "../../shared/constants";

// The class on <html> is the source of truth; public/theme-init.js sets it before paint.
const listeners = new Set<() => void>();

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
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDarkMode(): [boolean, (dark: boolean) => void] {
  const dark = useSyncExternalStore(subscribe, isDark);
  const set = useCallback((value: boolean) => setDarkMode(value), []);
  return [dark, set];
}
