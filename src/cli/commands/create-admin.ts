import { parseArgs } from "node:util";
import { z } from "zod";
import { artistNameSchema, emailSchema } from "../../shared/auth-schemas";
import { strongPasswordSchema } from "../../shared/password-rules";
import {
  ensureAccount,
  findUserIdByEmail,
  grantFinance,
  setAdmin,
  whyNotAgent,
} from "../../server/features/users/user-accounts";
import type { CliContext } from "../cli-context";

const argsSchema = z.object({
  email: emailSchema,
  password: strongPasswordSchema,
  name: artistNameSchema,
});

export const createAdminUsage =
  "create-admin --email <email> --password <password> --name <display name> [--finance]";

/**
 * Creates a support agent, or promotes the existing user with that email
 * (not an artist with releases, songs, conversations or money); with
 * --finance the agent also holds the finance role (issue 46).
 */
export async function createAdmin(ctx: CliContext, argv: string[]): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      finance: { type: "boolean" },
    },
    strict: true,
  });
  const { finance, ...account } = values;
  const parsed = argsSchema.safeParse(account);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  --${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid arguments:\n${problems.join("\n")}\nUsage: ${createAdminUsage}`);
  }
  const { email } = parsed.data;
  const existing = await findUserIdByEmail(ctx.database, email);
  const refusal = existing && (await whyNotAgent(ctx.database, existing, email));
  if (refusal) throw new Error(refusal);
  const { id, created } = await ensureAccount(ctx.auth, ctx.database, parsed.data);
  await setAdmin(ctx.database, id, true);
  if (finance) await grantFinance(ctx.database, id);
  const what = finance ? "finance agent" : "support agent";
  return created
    ? `Created ${what} ${email}.`
    : `Promoted existing user ${email} to ${what} (their password and name are unchanged).`;
}
