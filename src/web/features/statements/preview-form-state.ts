import type { StatementDetail } from "../../../shared/responses/statements";
import {
  STATEMENT_FIELDS,
  STATEMENT_STORES,
  type StatementField,
  type StatementStore,
} from "../../../shared/statement-fields";
import { statementMessages as m } from "../../../shared/statement-messages";
import {
  exchangeRateSchema,
  statementPreviewInputSchema,
  type StatementPreviewInput,
} from "../../../shared/statement-schemas";

/** What the columns form holds: "" for a select's Not in this file, or an empty field. */
export interface PreviewFormState {
  mapping: Record<StatementField, string>;
  store: string;
  saleMonth: string;
  currency: string;
  rates: Record<string, string>;
}

/** The form as the detail proposes it (or as the last preview was asked). */
export function initialFormState(detail: StatementDetail): PreviewFormState {
  const mapping = Object.fromEntries(
    STATEMENT_FIELDS.map((field) => [field, detail.mapping[field] ?? ""]),
  ) as Record<StatementField, string>;
  return {
    mapping,
    store: detail.store ?? "",
    saleMonth: detail.saleMonth ?? "",
    currency: detail.currency ?? "",
    rates: { ...detail.rates },
  };
}

/**
 * The currencies that need a rupee rate: those the file names other than
 * INR, and the whole file's currency when it is not INR.
 */
export function currenciesNeedingRate(detail: StatementDetail, form: PreviewFormState): string[] {
  const codes = new Set(detail.currencies.filter((code) => code !== "INR"));
  const whole = form.currency.trim().toUpperCase();
  if (form.mapping.currency === "" && /^[A-Z]{3}$/.test(whole) && whole !== "INR") {
    codes.add(whole);
  }
  return [...codes].sort();
}

export type FormErrors = Partial<Record<string, string>>;

/**
 * The preview's input checked with the server's own schema, and each
 * needed rate present: the input, or the errors by field path
 * ("mapping.netRevenue", "store", "rates.USD").
 */
export function previewInput(
  detail: StatementDetail,
  form: PreviewFormState,
): { input: StatementPreviewInput } | { errors: FormErrors } {
  const orNull = (value: string) => (value.trim() === "" ? null : value);
  const needed = currenciesNeedingRate(detail, form);
  const errors: FormErrors = {};
  const rates: Record<string, string> = {};
  for (const code of needed) {
    const rate = (form.rates[code] ?? "").trim();
    if (rate === "") errors[`rates.${code}`] = m.rateRequired(code);
    else if (!exchangeRateSchema.safeParse(rate).success)
      errors[`rates.${code}`] = m.rateFormat(code);
    else rates[code] = rate;
  }
  const store = form.mapping.store === "" ? orNull(form.store) : null;
  const parsed = statementPreviewInputSchema.safeParse({
    mapping: Object.fromEntries(
      STATEMENT_FIELDS.map((field) => [field, orNull(form.mapping[field])]),
    ),
    store: STATEMENT_STORES.includes(store as StatementStore) ? store : null,
    saleMonth: form.mapping.saleMonth === "" ? orNull(form.saleMonth.trim()) : null,
    currency: form.mapping.currency === "" ? orNull(form.currency) : null,
    rates,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join(".");
      errors[path] ??= issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { input: parsed.data };
}

/**
 * Whether the form asks for what the statement's last preview read: its
 * columns, whole-file values and rates. Not so (or not a valid request), the
 * preview's totals are out of date and Import would credit what they show,
 * not what the form says.
 */
export function formMatchesPreview(detail: StatementDetail, form: PreviewFormState): boolean {
  const checked = previewInput(detail, form);
  if ("errors" in checked) return false;
  const { input } = checked;
  const rates = Object.entries(input.rates);
  return (
    STATEMENT_FIELDS.every((field) => input.mapping[field] === (detail.mapping[field] ?? null)) &&
    input.store === detail.store &&
    input.saleMonth === detail.saleMonth &&
    input.currency === detail.currency &&
    rates.length === Object.keys(detail.rates).length &&
    rates.every(([code, rate]) => detail.rates[code] === rate)
  );
}
