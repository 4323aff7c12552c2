import type { StatementState } from "../../../shared/responses/statements";
import { dateFormat } from "../../../shared/intl-formats";
import { formatSaleMonth } from "../../../shared/wallet-text";

/** A statement's state as the desk names it (issue 46: `Imported`, `Reversed`). */
export const STATEMENT_STATE_LABELS: Record<StatementState, string> = {
  uploaded: "Uploaded",
  previewing: "Previewing",
  preview: "Previewed",
  importing: "Importing",
  imported: "Imported",
  reversed: "Reversed",
  failed: "Failed",
};

/** "2026-10" → "Oct 2026", as the wallet names months. */
export const monthLabel = formatSaleMonth;

/** When something happened, in the reader's own time: "12 Nov 2026, 14:05". */
export const when = (at: number) =>
  dateFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(at);
