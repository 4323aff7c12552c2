export const RECORD_KINDS = ["users", "rooms", "messages", "songs", "files"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export interface KindCounts {
  imported: number;
  /** Imported by an earlier run: left as it is. */
  unchanged: number;
  skipped: number;
  failed: number;
  /** Imported, with something removed or cleared (counted in imported too). */
  cleaned: number;
}

export interface ReportEntry {
  kind: RecordKind;
  sourceId: string;
  outcome: "skipped" | "failed" | "cleaned";
  reason: string;
}

export interface ImportReport {
  dryRun: boolean;
  startedAt: string;
  finishedAt: string | null;
  counts: Record<RecordKind, KindCounts>;
  /** Skipped, failed and cleaned records, each with its reason. */
  entries: ReportEntry[];
  /** Users imported without a password: they sign in after a password reset. */
  usersWithoutPassword: { sourceId: string; email: string; reason: string }[];
  /** Source ids that could not be kept, and what they became. */
  mappedIds: { kind: RecordKind; sourceId: string; targetId: string }[];
}

export function createReport(dryRun: boolean): ImportReport {
  const counts = Object.fromEntries(
    RECORD_KINDS.map((k) => [k, { imported: 0, unchanged: 0, skipped: 0, failed: 0, cleaned: 0 }]),
  ) as Record<RecordKind, KindCounts>;
  return {
    dryRun,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    counts,
    entries: [],
    usersWithoutPassword: [],
    mappedIds: [],
  };
}

export function skip(report: ImportReport, kind: RecordKind, sourceId: string, reason: string) {
  report.counts[kind].skipped += 1;
  report.entries.push({ kind, sourceId, outcome: "skipped", reason });
}

export function fail(report: ImportReport, kind: RecordKind, sourceId: string, reason: string) {
  report.counts[kind].failed += 1;
  report.entries.push({ kind, sourceId, outcome: "failed", reason });
}

/** Notes what was cleaned; the record is counted once however many notes it has. */
export function noteCleaned(
  report: ImportReport,
  kind: RecordKind,
  sourceId: string,
  reasons: string[],
) {
  if (reasons.length === 0) return;
  report.counts[kind].cleaned += 1;
  for (const reason of reasons) report.entries.push({ kind, sourceId, outcome: "cleaned", reason });
}

/** Whether this run changed (or, dry, would change) anything. */
export function changedAnything(report: ImportReport): boolean {
  return RECORD_KINDS.some((k) => report.counts[k].imported > 0);
}

/** The summary printed at the end: a table of counts and the reasons, grouped. */
export function formatSummary(report: ImportReport, reportFile: string | null): string {
  const lines: string[] = [];
  const verb = report.dryRun ? "would import" : "imported";
  lines.push(
    report.dryRun
      ? "Dry run: nothing was written. This is what the import would do:"
      : "Import finished.",
  );
  const header = ["", verb, "already imported", "skipped", "failed", "cleaned"];
  const rows = RECORD_KINDS.map((k) => {
    const c = report.counts[k];
    return [k, c.imported, c.unchanged, c.skipped, c.failed, c.cleaned].map(String);
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  lines.push(fmt(header), ...rows.map(fmt));

  const grouped = new Map<string, number>();
  for (const e of report.entries) {
    const key = `${e.kind} ${e.outcome}: ${e.reason.replace(/ \(.*\)$/, "")}`;
    grouped.set(key, (grouped.get(key) ?? 0) + 1);
  }
  if (grouped.size > 0) {
    lines.push("", "Held apart (details in the report file):");
    for (const [key, n] of grouped) lines.push(`  ${key} (${n})`);
  }
  if (report.usersWithoutPassword.length > 0) {
    lines.push(
      "",
      `${report.usersWithoutPassword.length} user(s) have no usable password and must reset it:`,
      ...report.usersWithoutPassword.slice(0, 20).map((u) => `  ${u.email} (${u.reason})`),
    );
    if (report.usersWithoutPassword.length > 20) lines.push("  ... see the report file");
  }
  if (!changedAnything(report)) {
    lines.push(
      "",
      report.dryRun
        ? "Nothing to import: everything in this export is already here."
        : "Nothing changed: everything in this export was already imported.",
    );
  }
  if (reportFile) lines.push("", `Report: ${reportFile}`);
  return lines.join("\n");
}
