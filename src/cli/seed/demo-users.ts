import { ensureAccount, grantFinance, setAdmin } from "../../server/features/users/user-accounts";
import type { CliContext } from "../cli-context";

export const DEMO_PASSWORD = "Demo-pass-1";

export const demoAccounts = {
  agent1: { email: "agent1@demo.test", name: "Alex (Support)", admin: true, finance: false },
  agent2: { email: "agent2@demo.test", name: "Sam (Support)", admin: true, finance: false },
  // An agent with the finance role (issue 46): statements, rates, the ledger.
  finance: { email: "finance@demo.test", name: "Fiona (Finance)", admin: true, finance: true },
  artist: { email: "artist@demo.test", name: "Demo Artist", admin: false, finance: false },
} as const;

/** How the demo's sign-in list names an account's role. */
export function demoRoleOf(account: { admin: boolean; finance: boolean }): string {
  if (account.finance) return "finance agent";
  return account.admin ? "support agent" : "artist";
}

export type DemoUserIds = Record<keyof typeof demoAccounts, string>;

export async function seedDemoUsers(ctx: CliContext): Promise<DemoUserIds> {
  const ids: Partial<DemoUserIds> = {};
  for (const [key, account] of Object.entries(demoAccounts) as [
    keyof typeof demoAccounts,
    (typeof demoAccounts)[keyof typeof demoAccounts],
  ][]) {
    const { id } = await ensureAccount(ctx.auth, ctx.database, {
      email: account.email,
      password: DEMO_PASSWORD,
      name: account.name,
    });
    if (account.admin) await setAdmin(ctx.database, id, true);
    if (account.finance) await grantFinance(ctx.database, id);
    ids[key] = id;
  }
  return ids as DemoUserIds;
}
