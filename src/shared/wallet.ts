import { numberFormat } from "./intl-formats";

/** The wallet is marked as under development: balance and transactions are fixed sample data. */
export const WALLET_BALANCE = 0;

export interface SampleTransaction {
  id: string;
  type: "credit" | "debit";
  /** Always positive; the type says which way it went. */
  amount: number;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  description: string;
}

export const sampleTransactions: readonly SampleTransaction[] = [
  {
    id: "txn-1001",
    type: "credit",
    amount: 1250,
    date: "2024-03-15",
    description: "Streaming royalties",
  },
  {
    id: "txn-1002",
    type: "debit",
    amount: 499,
    date: "2024-03-10",
    description: "Distribution fee",
  },
  {
    id: "txn-1003",
    type: "credit",
    amount: 780.5,
    date: "2024-02-28",
    description: "Download sales",
  },
  {
    id: "txn-1004",
    type: "debit",
    amount: 150.25,
    date: "2024-02-20",
    description: "Withdrawal",
  },
];

const rupees = () => numberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "Rs." followed by the amount with two decimals and thousands separators: Rs.1,250.00 */
export function formatRupees(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  const formatted = rupees().format(Math.abs(amount));
  return `${sign}Rs.${formatted}`;
}
