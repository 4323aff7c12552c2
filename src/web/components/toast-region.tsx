import type { ReactNode } from "react";
import { X } from "lucide-react";

export interface Toast {
  id: string;
  content: ReactNode;
}

/**
 * Live notices in a corner, announced politely; each stays until dismissed
 * or its owner removes it.
 */
export function ToastRegion({
  toasts,
  onDismiss,
}: {
  toasts: Toast[];
  onDismiss: (id: string) => void;
}) {
  return (
    <div
      role="status"
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-4 bottom-24 z-20 flex flex-col items-end gap-2 md:bottom-4"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className="pointer-events-auto flex max-w-sm items-start gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg ring-1 ring-slate-700 dark:bg-slate-100 dark:text-slate-900 dark:ring-slate-300"
        >
          <div className="flex-1">{toast.content}</div>
          <button
            type="button"
            onClick={() => onDismiss(toast.id)}
            className="rounded p-0.5 hover:bg-slate-700 dark:hover:bg-slate-300"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">Dismiss</span>
          </button>
        </div>
      ))}
    </div>
  );
}
