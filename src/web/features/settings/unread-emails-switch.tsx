import { Bell } from "lucide-react";
import { useMailPreferences, useSaveMailPreferences } from "./api/mail-preferences";

/** Settings row: "Email me about unread messages" (on unless turned off). */
export function UnreadEmailsSwitch() {
  const { data } = useMailPreferences();
  const save = useSaveMailPreferences();
  const on = save.isPending ? save.variables.unreadNotices : (data?.unreadNotices ?? true);
  return (
    <div className="flex items-center gap-3 px-4 py-3.5">
      <Bell aria-hidden="true" className="size-5" />
      <span id="unread-emails-label" className="flex-1">
        Email me about unread messages
        {save.isError && (
          <span role="alert" className="block text-sm text-red-700 dark:text-red-300">
            Could not save. Please try again.
          </span>
        )}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby="unread-emails-label"
        disabled={!data || save.isPending}
        onClick={() => save.mutate({ unreadNotices: !on })}
        className={`relative h-7 w-12 rounded-full transition-colors ${on ? "bg-indigo-500" : "bg-slate-400"}`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-0.5 left-0.5 size-6 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5" : ""}`}
        />
      </button>
    </div>
  );
}
