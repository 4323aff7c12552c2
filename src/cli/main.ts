import { ConfigError } from "../server/config";
import { openCliContext, type CliContext } from "./cli-context";
import { createAdmin, createAdminUsage } from "./commands/create-admin";
import { importHosted, importHostedUsage } from "./commands/import-hosted";
import { importStatement, importStatementUsage, ledgerCheck } from "./commands/import-statement";
import { seedDemo } from "./commands/seed-demo";
import { sweepFilesCommand } from "./commands/sweep-files";

const commands: Record<
  string,
  { usage: string; run: (ctx: CliContext, argv: string[]) => Promise<string> }
> = {
  "create-admin": { usage: createAdminUsage, run: createAdmin },
  "seed-demo": { usage: "seed-demo", run: (ctx) => seedDemo(ctx) },
  "import-hosted": { usage: importHostedUsage, run: importHosted },
  "sweep-files": { usage: "sweep-files", run: sweepFilesCommand },
  "import-statement": {
    usage: importStatementUsage,
    run: (ctx, argv) => importStatement(ctx, argv),
  },
  "ledger-check": { usage: "ledger-check", run: (ctx) => ledgerCheck(ctx) },
  // Opening the CLI context applies pending migrations; nothing else to do.
  migrate: { usage: "migrate", run: () => Promise.resolve("Database is up to date.") },
};

function usage(): string {
  return `Usage: npm run cli -- <command>\n\nCommands:\n${Object.values(commands)
    .map((c) => `  ${c.usage}`)
    .join("\n")}`;
}

async function main() {
  const [name, ...argv] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(name ? `Unknown command "${name}".\n\n${usage()}` : usage());
    process.exit(2);
  }
  const ctx = await openCliContext();
  try {
    console.log(await command.run(ctx, argv));
  } finally {
    await ctx.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
});
