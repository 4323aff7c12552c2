/**
 * Browser notifications for new chat messages while the tab is hidden. Off
 * until the person turns them on in Settings; permission is asked on that
 * click, never on page load. The choice is kept per browser.
 */
const PREFERENCE_KEY = "artist-portal:message-notifications";

export function notificationsSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

export function notificationsOn(): boolean {
  return (
    notificationsSupported() &&
    localStorage.getItem(PREFERENCE_KEY) === "on" &&
    Notification.permission === "granted"
  );
}

/** Asks for permission (on a click) and remembers the choice; false when refused. */
export async function turnNotificationsOn(): Promise<boolean> {
  if (!notificationsSupported()) return false;
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return false;
  localStorage.setItem(PREFERENCE_KEY, "on");
  return true;
}

export function turnNotificationsOff(): void {
  localStorage.removeItem(PREFERENCE_KEY);
}

/** Shows a notification only when the tab is hidden and the person wants them. */
export function notifyIfHidden(title: string, body: string, tag: string): void {
  if (!notificationsOn() || !document.hidden) return;
  try {
    new Notification(title, { body, tag });
  } catch {
    // Some platforms allow notifications only from a service worker: nothing to show then.
  }
}
