/** The navigation state account deletion hands to /login, which then confirms it. */
export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

export function cameFromDeletion(state: unknown): boolean {
  return (
    typeof state === "object" &&
    state !== null &&
    (state as { accountDeleted?: unknown }).accountDeleted === true
  );
}
