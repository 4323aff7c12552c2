import { Bell } from "lucide-react";
import { Switch } from "../../components/switch";
import { useMailPreferences, useSaveMailPreferences } from "./api/mail-preferences";

/** Settings row: "Email me about unread messages" (on unless turned off). */
export function UnreadEmailsSwitch() {
  const { data } = useMailPreferences();
  const save = useSaveMailPreferences();
  const on =
    (save.isPending ? save.variables.unreadNotices : undefined) ?? data?.unreadNotices ?? true;
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
      <Switch
        on={on}
        labelledBy="unread-emails-label"
        disabled={!data || save.isPending}
        onToggle={() => save.mutate({ unreadNotices: !on })}
      />
    </div>
  );
}
