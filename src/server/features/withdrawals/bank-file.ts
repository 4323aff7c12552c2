import { paiseToDecimal } from "../../../shared/money-format";
import type { PayoutDestination } from "../../../shared/payout-details";
import { csvRow } from "../wallet/earnings-csv";

/** The bank file's columns (issue 47, section 4). */
export const BANK_FILE_HEADER = [
  "Beneficiary name",
  "Account number",
  "IFSC",
  "UPI ID",
  "Amount",
  "Reference",
];

export interface BankFileLine {
  withdrawalId: string;
  artistName: string;
  netPaise: number;
  destination: PayoutDestination | null;
}

/**
 * One payment per approved withdrawal: what the artist receives (net of
 * TDS) to their bank account or UPI ID, the withdrawal's id as reference.
 * Every cell is quoted and formula-safe (a name like `=HYPERLINK(…)` is
 * text to a spreadsheet).
 */
export function bankFileCsv(lines: readonly BankFileLine[]): string {
  let csv = csvRow(BANK_FILE_HEADER);
  for (const line of lines) {
    const d = line.destination;
    csv += csvRow([
      d?.method === "bank" ? d.accountHolderName : line.artistName,
      d?.method === "bank" ? d.accountNumber : "",
      d?.method === "bank" ? d.ifsc : "",
      d?.method === "upi" ? d.upiId : "",
      paiseToDecimal(line.netPaise),
      line.withdrawalId,
    ]);
  }
  return csv;
}
