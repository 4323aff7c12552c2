import type { PublicUser } from "../../../shared/user";

const KEY = "portal:last-user";

/**
 * The last user the server confirmed signed in on this device, kept so an
 * offline reload can show their shell and outbox. Forgotten on sign-out and
 * whenever the server answers that no one is signed in.
 */
export function rememberUser(user: PublicUser): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(user));
  } catch {
    // Storage refused (private mode, quota): an offline reload will show sign-in.
  }
}

export function forgetLastUser(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

export function lastKnownUser(): PublicUser | null {
  try {
    const saved = localStorage.getItem(KEY);
    if (!saved) return null;
    const user: unknown = JSON.parse(saved);
    return isPublicUser(user) ? user : null;
  } catch {
    return null;
  }
}

/** Enough of a user to show the shell; anything else stored there is ignored. */
function isPublicUser(value: unknown): value is PublicUser {
  if (typeof value !== "object" || value === null) return false;
  const { id, email, admin } = value as Record<string, unknown>;
  return typeof id === "string" && typeof email === "string" && typeof admin === "boolean";
}
