import { WifiOff } from "lucide-react";
import { SOCKET_TOO_MANY } from "../../../../shared/chat-events";
import { useLinkStatus } from "../../../realtime/realtime-provider";

/** Says when messages cannot go out right now, and that they will. */
export function ConnectionBanner() {
  const status = useLinkStatus();
  const text =
    status === "offline"
      ? "You're offline. Messages will be sent when you're back."
      : status === "reconnecting"
        ? "Reconnecting…"
        : status === "too-many"
          ? SOCKET_TOO_MANY
          : null;
  // data-connection-banner: the app-wide offline notice stands aside for this one (styles.css).
  return (
    <div role="status" aria-live="polite" data-connection-banner="">
      {text && (
        <p className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {text}
        </p>
      )}
    </div>
  );
}
