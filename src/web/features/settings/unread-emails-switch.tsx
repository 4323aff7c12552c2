import { Bell } from "lucide-react";
import { MailPreferenceSwitch } from "./mail-preference-switch";

/** Settings row: "Email me about unread messages". */
export function UnreadEmailsSwitch() {
  return (
    <MailPreferenceSwitch
      preference="unreadNotices"
      label="Email me about unread messages"
      icon={Bell}
    />
  );
}
