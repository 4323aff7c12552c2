import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { PRIVATE_FILE_MODE, createPrivateDir } from "../../server/storage/private-files";
import type { CliContext } from "../cli-context";
import { formatSummary } from "../import/import-report";
import { createProgress } from "../import/progress";
import { runImport } from "../import/run-import";

export const importHostedUsage =
  "import-hosted --auth <users.json> --hash-config <hash.json> --documents <docs.json> --files <folder> [--dry-run] [--report <file>] [--check-email <email> --check-password <password>]";

const argsSchema = z
  .object({
    auth: z.string({ error: "the auth export is required" }).min(1),
    "hash-config": z.string({ error: "the password-hash parameters are required" }).min(1),
    documents: z.string({ error: "the document export is required" }).min(1),
    files: z.string({ error: "the folder mirroring the file store is required" }).min(1),
    "dry-run": z.boolean().default(false),
    report: z.string().min(1).optional(),
    "check-email": z.string().min(1).optional(),
    "check-password": z.string().min(1).optional(),
  })
  .refine((a) => (a["check-email"] === undefined) === (a["check-password"] === undefined), {
    error: "give --check-email and --check-password together",
    path: ["check-password"],
  });

/** Moves users, passwords, conversations, songs and files in from the hosted service. */
/** DATA_DIR/import-reports/import-report-<time>.json, never the working directory. */
function defaultReportFile(ctx: CliContext, startedAt: string): string {
  const folder = path.join(ctx.config.dataDir, "import-reports");
  createPrivateDir(folder);
  return path.join(folder, `import-report-${startedAt.replace(/[:.]/g, "-")}.json`);
}

export async function importHosted(ctx: CliContext, argv: string[]): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: {
      auth: { type: "string" },
      "hash-config": { type: "string" },
      documents: { type: "string" },
      files: { type: "string" },
      "dry-run": { type: "boolean" },
      report: { type: "string" },
      "check-email": { type: "string" },
      "check-password": { type: "string" },
    },
    strict: true,
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  --${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid arguments:\n${problems.join("\n")}\nUsage: ${importHostedUsage}`);
  }
  const args = parsed.data;
  const report = await runImport({
    database: ctx.database,
    storage: ctx.storage,
    paths: {
      auth: args.auth,
      hashConfig: args["hash-config"],
      documents: args.documents,
      files: args.files,
    },
    dryRun: args["dry-run"],
    progress: createProgress(),
    ...(args["check-email"] && args["check-password"]
      ? { knownPassword: { email: args["check-email"], password: args["check-password"] } }
      : {}),
  });
  // A dry run writes nothing, the report file included, unless one is asked for.
  let reportFile: string | null = null;
  if (!args["dry-run"] || args.report) {
    reportFile = args.report ? path.resolve(args.report) : defaultReportFile(ctx, report.startedAt);
    // It names people and their emails: private, like everything in DATA_DIR.
    fs.writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`, {
      mode: PRIVATE_FILE_MODE,
    });
  }
  return formatSummary(report, reportFile);
}
