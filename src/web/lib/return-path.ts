/**
 * Where signing in or up leads: the signed-in page that sent the reader to
 * /login (RequireSignedIn puts it in the navigation state as `from`), so an
 * emailed link (a split invitation) still reaches its page after the reader
 * signs in or creates an account. Only a path of this site counts; anything
 * else leads home.
 */
export function returnPath(state: unknown): string {
  const from =
    typeof state === "object" && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//")) return "/";
  // "/\evil.example" is read as another host by some browsers.
  if (from.includes("\\")) return "/";
  return from;
}

/**
 * The address the link that sent the reader was for (an invitation's), to
 * fill in the sign-up form; "" without one.
 */
export function invitedEmail(state: unknown): string {
  const email =
    typeof state === "object" && state !== null ? (state as { email?: unknown }).email : undefined;
  return typeof email === "string" ? email : "";
}

/** The state that carries `from` (and the invited email) on to the next auth screen (login ⇄ register). */
export function keepReturnPath(state: unknown): { from: string; email?: string } | undefined {
  const from = returnPath(state);
  if (from === "/") return undefined;
  const email = invitedEmail(state);
  return email ? { from, email } : { from };
}
