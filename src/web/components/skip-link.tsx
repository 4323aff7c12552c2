/** The id of the element a "Skip to content" link moves to. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * The first stop of the keyboard on every screen with navigation: hidden
 * until focused, then shown above everything; it moves past the navigation to
 * the screen's own content.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-indigo-800 shadow-lg ring-1 ring-indigo-300 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 dark:bg-slate-900 dark:text-indigo-200 dark:ring-indigo-700"
    >
      Skip to content
    </a>
  );
}
