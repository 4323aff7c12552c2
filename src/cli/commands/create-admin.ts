import { parseArgs } from "node:util";
import { z } from "zod";
import { artistNameSchema, emailSchema } from "../../shared/auth-schemas";
import { strongPasswordSchema } from "../../shared/password-rules";
import { ensureAccount, setAdmin } from "../../server/features/users/user-accounts";
import type { CliContext } from "../cli-context";

const argsSchema = z.object({
  email: emailSchema,
  password: strongPasswordSchema,
  name: artistNameSchema,
});

export const createAdminUsage =
  "create-admin --email <email> --password <password> --name <display name>";

/** Creates a support agent, or promotes the existing user with that email. */
export async function createAdmin(ctx: CliContext, argv: string[]): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
    strict: true,
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  --${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid arguments:\n${problems.join("\n")}\nUsage: ${createAdminUsage}`);
  }
  const { id, created } = await ensureAccount(ctx.auth, ctx.database, parsed.data);
  await setAdmin(ctx.database, id, true);
  return created
    ? `Created support agent ${parsed.data.email}.`
    : `Promoted existing user ${parsed.data.email} to support agent.`;
}
