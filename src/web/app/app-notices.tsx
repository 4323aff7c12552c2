import { useSyncExternalStore } from "react";

function subscribeOnline(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

const buttonBase =
  "rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * The app-wide notices: offline, and a new version ready. One polite live
 * region that is always present, so screen readers hear each notice when it
 * appears, and focus stays where the user is working. Neither notice hides
 * anything (styles.css): pages, a conversation's composer included, keep
 * room for them below their content; a conversation says "offline" in its
 * own banner instead of the floating notice.
 */
export function AppNotices({
  updateReady,
  onUpdate,
  onDismiss,
}: {
  updateReady: boolean;
  onUpdate: () => void;
  onDismiss: () => void;
}) {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  return (
    <aside aria-label="Portal notices">
      <div
        role="status"
        data-app-notices=""
        className="fixed inset-x-4 bottom-24 z-50 mx-auto flex max-w-md flex-col gap-2 md:bottom-4"
      >
        {!online && (
          <p
            data-app-offline-notice=""
            className="rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
          >
            You are offline. The portal will reconnect when your connection is back.
          </p>
        )}
        {updateReady && (
          <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
            <p className="flex-1">A new version of the portal is ready.</p>
            <button
              type="button"
              onClick={onUpdate}
              className={`${buttonBase} bg-indigo-400 text-slate-950 hover:bg-indigo-300 dark:bg-indigo-700 dark:text-white dark:hover:bg-indigo-800`}
            >
              Reload
            </button>
            <button
              type="button"
              onClick={onDismiss}
              className={`${buttonBase} text-white underline hover:text-slate-200 dark:text-slate-900 dark:hover:text-slate-700`}
            >
              Later
            </button>
          </div>
        )}
      </div>
    </aside>
  );
}
