import { useState } from "react";
import { Bell } from "lucide-react";
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
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="notifications-label"
          aria-describedby="notifications-help"
          onClick={() => void toggle()}
          className={`relative h-7 w-12 rounded-full transition-colors ${on ? "bg-indigo-500" : "bg-slate-400"}`}
        >
          <span
            aria-hidden="true"
            className={`absolute top-0.5 left-0.5 size-6 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5" : ""}`}
          />
        </button>
      </div>
      <p id="notifications-help" className="text-sm text-slate-600 dark:text-slate-300">
        {refused
          ? "Notifications are blocked for this site in your browser's settings."
          : "A browser notification when a message arrives while this tab is in the background."}
      </p>
    </div>
  );
}
