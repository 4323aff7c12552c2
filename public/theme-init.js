// Applies the stored dark-mode preference before the first paint (no flash).
// Kept in sync with src/web/lib/theme.ts (storage key "darkMode", values "true"/"false").
(function () {
  try {
    var stored = localStorage.getItem("darkMode");
    var dark =
      stored === "true" ||
      (stored === null && window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
  } catch (e) {
    /* storage unavailable: stay light */
  }
})();
