import { useState } from "react";
import { Bell } from "lucide-react";
import { Switch } from "../../components/switch";
import {
  notificationsOn,
  notificationsSupported,
  turnNotificationsOff,
  turnNotificationsOn,
} from "../../lib/notifications";

/** "Notify me of new messages": a switch that asks the browser only when turned on. */
export function NotificationSetting() {
  const [on, setOn] = useState(notificationsOn);
  const [refused, setRefused] = useState(false);
  if (!notificationsSupported()) return null;
  const toggle = async () => {
    if (on) {
      turnNotificationsOff();
      setOn(false);
      return;
    }
    const granted = await turnNotificationsOn();
    setOn(granted);
    setRefused(!granted);
  };
  return (
    <div className="flex flex-col gap-1 px-4 py-3.5">
      <div className="flex items-center gap-3">
        <Bell aria-hidden="true" className="size-5" />
        <span id="notifications-label" className="flex-1">
          Notify me of new messages
        </span>
        <Switch
          on={on}
          labelledBy="notifications-label"
          describedBy="notifications-help"
          onToggle={() => void toggle()}
        />
      </div>
      <p id="notifications-help" className="text-sm text-slate-600 dark:text-slate-300">
        {refused
          ? "Notifications are blocked for this site in your browser's settings."
          : "A browser notification when a message arrives while this tab is in the background."}
      </p>
    </div>
  );
}
