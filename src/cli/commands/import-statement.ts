import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pino from "pino";
import { formatPaise } from "../../shared/money-format";
import type { StatementDetail } from "../../shared/responses/statements";
import { STATEMENT_STORES } from "../../shared/statement-fields";
import { statementMessages as m } from "../../shared/statement-messages";
import { statementPreviewInputSchema } from "../../shared/statement-schemas";
import { DomainEvents } from "../../server/events/domain-events";
import { CLI_IMPORTER, StatementService } from "../../server/features/statements/statement-service";
import type { CliContext } from "../cli-context";
import { recordEarningsMails } from "./earnings-mail-from-shell";

/** Errors only: the command prints its own progress and result. */
const cliLog = () => pino({ level: "error" });

export const importStatementUsage =
  "import-statement FILE [--rate USD=84.5 …] [--store NAME] [--month YYYY-MM] [--currency CODE]";

/** How long the CLI waits between looks at a running job's percentage. */
const POLL_MS = 250;

/** The preview's line and totals, as the page shows them. */
export function previewLines(detail: StatementDetail): string[] {
  const t = detail.totals;
  if (!t) return [];
  return [
    `${t.lineCount} lines · ${t.matchedCount} matched · ${t.unmatchedCount} unmatched`,
    `Total ${formatPaise(t.totalPaise)}`,
    `Artists ${formatPaise(t.artistsPaise)}`,
    `Label ${formatPaise(t.labelPaise)}`,
    `Unmatched ${formatPaise(t.unmatchedPaise)}`,
  ];
}

function parseRates(values: readonly string[]): Record<string, string> {
  const rates: Record<string, string> = {};
  for (const value of values) {
    const [code = "", rate = ""] = value.split("=");
    rates[code.trim().toUpperCase()] = rate.trim();
  }
  return rates;
}

/**
 * A `--rate` no line of the file reads (a typo, EUR for USD, or a file in
 * rupees): refused rather than ignored, so a rate meant for the file is
 * never silently left out.
 */
export function unusedRateMessage(
  rates: Record<string, string>,
  currencies: readonly string[],
): string | null {
  for (const code of Object.keys(rates).sort()) {
    if (code === "INR") return "--rate INR: amounts in rupees need no rate; leave it out.";
    if (!currencies.includes(code)) {
      return `--rate ${code}: no line of this file is in ${code}; leave it out or check the code.`;
    }
  }
  return null;
}

function storeOf(name: string | undefined) {
  if (name === undefined) return null;
  const store = STATEMENT_STORES.find((s) => s.toLowerCase() === name.trim().toLowerCase());
  if (!store) throw new Error(`--store must be one of: ${STATEMENT_STORES.join(", ")}.`);
  return store;
}

/** Waits for the statement's job, showing its percentage; its detail once it left `states`. */
async function waitFor(
  service: StatementService,
  id: string,
  states: readonly string[],
  label: string,
  progress: (line: string) => void,
): Promise<StatementDetail> {
  let shown = -1;
  for (;;) {
    const detail = await service.detail(id);
    if (!states.includes(detail.state)) {
      await service.idle();
      return service.detail(id);
    }
    if (detail.progress !== shown) {
      shown = detail.progress;
      progress(`${label} ${shown}%`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Imports a store statement from a file, as the Statements page does
 * (issue 46): the same column recognition, refusals and messages, a
 * percentage while it reads and credits, and the preview's line and totals.
 */
export async function importStatement(
  ctx: CliContext,
  argv: string[],
  progress: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      rate: { type: "string", multiple: true },
      store: { type: "string" },
      month: { type: "string" },
      currency: { type: "string" },
    },
    allowPositionals: true,
    strict: true,
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new Error(`Usage: ${importStatementUsage}`);
  const size = fs.statSync(file).size;
  const open = () => Promise.resolve(fs.createReadStream(file));
  const log = cliLog();
  const events = new DomainEvents(log);
  const mailsRecorded = recordEarningsMails(ctx, events, log);
  const service = new StatementService({
    database: ctx.database,
    events,
    log,
    defaultRoyaltyBasisPoints: ctx.config.statements.defaultRoyaltyBasisPoints,
  });
  const created = await service.createStatement(
    { id: null, name: path.basename(file), ownerId: CLI_IMPORTER },
    open,
  );
  if (!created.ok) throw new Error(created.message);
  const proposed = await service.detail(created.id);
  const rates = parseRates(values.rate ?? []);
  const input = statementPreviewInputSchema.safeParse({
    mapping: proposed.mapping,
    store: storeOf(values.store),
    saleMonth: values.month ?? null,
    // Never a default: without a currency column, --currency names it, as the page asks.
    currency: values.currency ?? null,
    rates,
  });
  if (!input.success) throw new Error(input.error.issues.map((i) => i.message).join("\n"));

  await service.startPreview(created.id, input.data, { open, size });
  const previewed = await waitFor(service, created.id, ["previewing"], "Reading", progress);
  if (previewed.failure) throw new Error(`${previewed.failure} (--rate CODE=RUPEES)`);
  if (previewed.lineErrorCount > 0) {
    const more = previewed.lineErrorCount - previewed.lineErrors.length;
    const lines = [...previewed.lineErrors, ...(more > 0 ? [m.moreErrors(more)] : [])];
    throw new Error([...lines, m.hasLineErrors].join("\n"));
  }
  const unused = unusedRateMessage(rates, previewed.currencies);
  if (unused) throw new Error(unused);
  await service.startImport(created.id, CLI_IMPORTER);
  const imported = await waitFor(service, created.id, ["importing"], "Importing", progress);
  if (imported.state !== "imported") throw new Error(imported.failure ?? m.notReadable);
  await mailsRecorded(created.id);
  return [`Imported ${imported.fileName}.`, ...previewLines(imported)].join("\n");
}

/** Recomputes every balance and statement total, and what reversals left; exits 1 naming what disagrees. */
export async function ledgerCheck(ctx: CliContext): Promise<string> {
  const log = cliLog();
  const service = new StatementService({
    database: ctx.database,
    events: new DomainEvents(log),
    log,
    defaultRoyaltyBasisPoints: ctx.config.statements.defaultRoyaltyBasisPoints,
  });
  const problems = await service.ledgerCheck();
  if (problems.length > 0) {
    throw new Error(
      `The ledger disagrees with itself:\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
  }
  return "The ledger agrees: every balance is the sum of its entries, every statement's totals add up, every reversed statement nets to 0.";
}
