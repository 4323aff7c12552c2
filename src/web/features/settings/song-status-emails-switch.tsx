import { Music } from "lucide-react";
import { useSession } from "../../lib/auth/session";
import { MailPreferenceSwitch } from "./mail-preference-switch";

/** Settings row for artists: "Email me when a song's status changes". */
export function SongStatusEmailsSwitch() {
  const { data: user } = useSession();
  // Agents have no songs of their own.
  if (!user || user.admin) return null;
  return (
    <MailPreferenceSwitch
      preference="songStatusNotices"
      label="Email me when a song's status changes"
      icon={Music}
    />
  );
}
