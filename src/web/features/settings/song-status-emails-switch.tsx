import { Music } from "lucide-react";
import { Switch } from "../../components/switch";
import { useSession } from "../../lib/auth/session";
import { useMailPreferences, useSaveMailPreferences } from "./api/mail-preferences";

/** Settings row for artists: "Email me when a song's status changes" (on unless turned off). */
export function SongStatusEmailsSwitch() {
  const { data: user } = useSession();
  const { data } = useMailPreferences();
  const save = useSaveMailPreferences();
  // Agents have no songs of their own.
  if (!user || user.admin) return null;
  const on =
    (save.isPending ? save.variables.songStatusNotices : undefined) ??
    data?.songStatusNotices ??
    true;
  return (
    <div className="flex items-center gap-3 px-4 py-3.5">
      <Music aria-hidden="true" className="size-5" />
      <span id="song-status-emails-label" className="flex-1">
        Email me when a song&apos;s status changes
        {save.isError && (
          <span role="alert" className="block text-sm text-red-700 dark:text-red-300">
            Could not save. Please try again.
          </span>
        )}
      </span>
      <Switch
        on={on}
        labelledBy="song-status-emails-label"
        disabled={!data || save.isPending}
        onToggle={() => save.mutate({ songStatusNotices: !on })}
      />
    </div>
  );
}
