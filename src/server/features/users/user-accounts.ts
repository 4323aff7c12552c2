import type { Auth } from "../../auth/auth";
import { isEmailHeld } from "../../auth/email-hold-repository";
import { grantRole } from "../../auth/role-repository";
import type { DatabaseHandle } from "../../db/database";
import { adminFlagOf, artistHoldingsOf, updateAdmin, userIdByEmail } from "./user-repository";

export interface NewAccount {
  email: string;
  password: string;
  name: string;
}

/**
 * Creates an account through better-auth (so the password is hashed the same
 * way as at sign-up) and returns its id; an existing email returns the existing id.
 */
export async function ensureAccount(
  auth: Auth,
  database: DatabaseHandle,
  account: NewAccount,
): Promise<{ id: string; created: boolean }> {
  const existing = await findUserIdByEmail(database, account.email);
  if (existing) return { id: existing, created: false };
  // Held for an account that changed its email and may still undo it (as at sign-up).
  if (await isEmailHeld(database.db, account.email)) {
    throw new Error(
      `${account.email} is held for an account that changed its email away from it, until its undo link expires (7 days).`,
    );
  }
  const result = await auth.api.signUpEmail({
    body: { email: account.email, password: account.password, name: account.name },
  });
  return { id: result.user.id, created: true };
}

export async function findUserIdByEmail(
  database: DatabaseHandle,
  email: string,
): Promise<string | undefined> {
  return userIdByEmail(database, email.toLowerCase());
}

/**
 * Why an existing account cannot become a support agent, or null: an
 * artist's releases, songs, conversations and money would be stranded (an
 * agent has no wallet, and the desk would list their room as an artist's).
 */
export async function whyNotAgent(
  database: DatabaseHandle,
  userId: string,
  email: string,
): Promise<string | null> {
  if (await adminFlagOf(database, userId)) return null;
  const holdings = await artistHoldingsOf(database, userId);
  if (holdings.length === 0) return null;
  return `${email} is an artist's account with ${holdings.join(", ")}: it cannot become a support agent (they would be stranded). Create the agent with another email.`;
}

/** Admin can only be granted here, by an operator on the server, never by a request. */
export async function setAdmin(database: DatabaseHandle, userId: string, admin: boolean) {
  await updateAdmin(database, userId, admin);
}

/** The finance role (issue 46), granted like admin: by an operator, never by a request. */
export async function grantFinance(database: DatabaseHandle, userId: string) {
  await grantRole(database.db, userId, "finance", Date.now());
}
