import { z } from "zod";
import { currentPasswordSchema } from "./account-schemas";
import { plainString } from "./plain-text";

/** Where an artist's withdrawals are paid (issue 47, section 2). */
export const PAYOUT_METHODS = ["upi", "bank"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** Texts of issue 47 (quoted exactly) and the form's own. */
export const PAYOUT_METHOD_MESSAGE = "Choose UPI or Bank transfer.";
export const UPI_ID_MESSAGE = "Enter a UPI ID like name@bank.";
export const ACCOUNT_HOLDER_MESSAGE = "Enter the account holder's name.";
export const ACCOUNT_NUMBER_MESSAGE = "Enter an account number of 9 to 18 digits.";
export const ACCOUNT_NUMBERS_MISMATCH_MESSAGE = "The account numbers do not match.";
export const IFSC_MESSAGE = "Enter an 11-character IFSC like HDFC0001234.";
export const PAN_MESSAGE = "Enter a PAN like ABCDE1234F.";
export const PAYOUT_DETAILS_SAVED_MESSAGE = "Payout details saved.";
export const NO_PAN_HIGHER_TDS_MESSAGE = (rate: string, panRate: string) =>
  `Without a PAN, TDS is deducted at the higher rate of ${rate}% (${panRate}% with a PAN).`;
export const PAYOUT_DETAILS_CHANGED_SUBJECT = "Your payout details were changed";
export const ACCOUNT_HOLDER_MAX = 100;

/**
 * A UPI ID (virtual payment address): a handle of letters, digits, dots,
 * dashes or underscores, "@", the bank's letters (NPCI's format). Case does
 * not matter to UPI, so it is kept in lower case.
 */
const UPI_ID_PATTERN = /^[a-z0-9._-]{2,256}@[a-z][a-z0-9]{1,63}$/;
/** 4 letters (the bank), 0, 6 letters or digits (the branch). */
const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** 5 letters, 4 digits, 1 letter. */
const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const ACCOUNT_NUMBER_PATTERN = /^[0-9]{9,18}$/;

/** A code typed in any case, with stray spaces around it. */
const code = (message: string, pattern: RegExp, normalize: (s: string) => string) =>
  plainString({ error: message })
    .transform((s) => normalize(s.trim()))
    .pipe(z.string().regex(pattern, { error: message }));

export const upiIdSchema = code(UPI_ID_MESSAGE, UPI_ID_PATTERN, (s) => s.toLowerCase());
export const ifscSchema = code(IFSC_MESSAGE, IFSC_PATTERN, (s) => s.toUpperCase());
/** Spaces inside (as printed on a cheque book) are dropped. */
export const accountNumberSchema = code(ACCOUNT_NUMBER_MESSAGE, ACCOUNT_NUMBER_PATTERN, (s) =>
  s.replace(/\s+/g, ""),
);
/** Optional: empty or absent means no PAN (TDS at the higher rate). */
export const panSchema = plainString({ error: PAN_MESSAGE })
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.union([z.literal(""), z.string().regex(PAN_PATTERN, { error: PAN_MESSAGE })]))
  .optional()
  .transform((s) => (s ? s : null));

const holderNameSchema = plainString({ error: ACCOUNT_HOLDER_MESSAGE })
  .transform((s) => s.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, { error: ACCOUNT_HOLDER_MESSAGE })
      .max(ACCOUNT_HOLDER_MAX, {
        error: `The account holder's name can have at most ${ACCOUNT_HOLDER_MAX} characters.`,
      }),
  );

const upiDetailsSchema = z.strictObject({
  method: z.literal("upi"),
  upiId: upiIdSchema,
  pan: panSchema,
  password: currentPasswordSchema,
});

const bankDetailsSchema = z
  .strictObject({
    method: z.literal("bank"),
    accountHolderName: holderNameSchema,
    accountNumber: accountNumberSchema,
    confirmAccountNumber: plainString({ error: ACCOUNT_NUMBERS_MISMATCH_MESSAGE }),
    ifsc: ifscSchema,
    pan: panSchema,
    password: currentPasswordSchema,
  })
  .refine((v) => v.confirmAccountNumber.replace(/\s+/g, "") === v.accountNumber, {
    error: ACCOUNT_NUMBERS_MISMATCH_MESSAGE,
    path: ["confirmAccountNumber"],
  });

/** Body of PUT /api/wallet/payout-details: the new details and the current password. */
export const payoutDetailsInputSchema = z.discriminatedUnion(
  "method",
  [upiDetailsSchema, bankDetailsSchema],
  {
    error: PAYOUT_METHOD_MESSAGE,
  },
);
export type PayoutDetailsInput = z.input<typeof payoutDetailsInputSchema>;
export type PayoutDetailsValues = z.output<typeof payoutDetailsInputSchema>;

/** The details as they are stored and used, without the password. */
export type PayoutDestination =
  | { method: "upi"; upiId: string; pan: string | null }
  | {
      method: "bank";
      accountHolderName: string;
      accountNumber: string;
      ifsc: string;
      pan: string | null;
    };

const DOTS = "•••";

/** `pr•••@okaxis`: the handle's first two characters (fewer for a short one) and the bank. */
export function maskUpiId(upiId: string): string {
  const at = upiId.lastIndexOf("@");
  const handle = upiId.slice(0, at);
  const shown = handle.slice(0, Math.min(2, Math.max(handle.length - 2, 0)));
  return `${shown}${DOTS}${upiId.slice(at)}`;
}

/** `••••1234`: the account number's last four digits. */
export function maskAccountNumber(accountNumber: string): string {
  return `••••${accountNumber.slice(-4)}`;
}

/** `•••••1234F`: the PAN's digits and check letter. */
export function maskPan(pan: string): string {
  return `•••••${pan.slice(-5)}`;
}

/** What the API shows of saved details: masked, never the clear values. */
export interface MaskedPayoutDetails {
  method: PayoutMethod;
  /** `UPI: pr•••@okaxis` or `Bank: ••••1234 · HDFC0001234`. */
  destination: string;
  /** Bank transfers only: the name the bank pays. */
  accountHolderName: string | null;
  /** `PAN: •••••1234F`, or null without a PAN. */
  pan: string | null;
  updatedAt: number;
}

/** The masked lines of a destination, as the wallet and the desk show them. */
export function maskPayoutDetails(
  details: PayoutDestination,
  updatedAt: number,
): MaskedPayoutDetails {
  const destination =
    details.method === "upi"
      ? `UPI: ${maskUpiId(details.upiId)}`
      : `Bank: ${maskAccountNumber(details.accountNumber)} · ${details.ifsc}`;
  return {
    method: details.method,
    destination,
    accountHolderName: details.method === "bank" ? details.accountHolderName : null,
    pan: details.pan ? `PAN: ${maskPan(details.pan)}` : null,
    updatedAt,
  };
}

/** GET and PUT /api/wallet/payout-details answer this. */
export interface PayoutDetailsView {
  details: MaskedPayoutDetails | null;
  /** Epoch ms until which withdrawals wait after a change; null when none is held. */
  withdrawalsHeldUntil: number | null;
  /** TDS rates in percent, for the page's PAN notice. */
  tdsRatePercent: number;
  tdsRateNoPanPercent: number;
}
