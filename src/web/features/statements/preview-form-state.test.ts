import { describe, expect, it } from "vitest";
import type { StatementDetail } from "../../../shared/responses/statements";
import { statementMessages as m } from "../../../shared/statement-messages";
import {
  currenciesNeedingRate,
  formMatchesPreview,
  initialFormState,
  previewInput,
} from "./preview-form-state";

const detail = (over: Partial<StatementDetail> = {}): StatementDetail => ({
  id: "s1",
  fileName: "spotify.csv",
  state: "uploaded",
  stores: [],
  saleMonths: [],
  lineCount: 0,
  totalPaise: 0,
  createdBy: { id: "a", name: "Finance" },
  createdAt: 0,
  importedAt: null,
  reversedAt: null,
  headers: ["Track ISRC", "Units", "Payable"],
  mapping: {
    isrc: "Track ISRC",
    upc: null,
    store: null,
    country: null,
    saleMonth: null,
    quantity: "Units",
    netRevenue: "Payable",
    currency: null,
  },
  store: null,
  saleMonth: null,
  currency: null,
  rates: {},
  currencies: [],
  totals: null,
  lineErrors: [],
  lineErrorCount: 0,
  progress: 0,
  failure: null,
  ...over,
});

describe("the columns form", () => {
  it("starts from the proposed mapping, Not in this file as an empty choice", () => {
    const form = initialFormState(detail());
    expect(form.mapping.isrc).toBe("Track ISRC");
    expect(form.mapping.store).toBe("");
  });

  it("asks the whole file's store, month and currency when they are not columns", () => {
    const result = previewInput(detail(), initialFormState(detail()));
    expect("errors" in result && result.errors).toEqual({
      store: m.needsStore,
      saleMonth: m.needsSaleMonth,
      currency: m.needsCurrency,
    });
  });

  it("needs a rupee rate for a foreign whole-file currency, and sends it exactly as typed", () => {
    const form = {
      ...initialFormState(detail()),
      store: "Spotify",
      saleMonth: "2026-10",
      currency: "usd",
    };
    expect(currenciesNeedingRate(detail(), form)).toEqual(["USD"]);
    const missing = previewInput(detail(), form);
    expect("errors" in missing && missing.errors).toEqual({ "rates.USD": m.rateRequired("USD") });
    const bad = previewInput(detail(), { ...form, rates: { USD: "84.1234567" } });
    expect("errors" in bad && bad.errors).toEqual({ "rates.USD": m.rateFormat("USD") });
    const ok = previewInput(detail(), { ...form, rates: { USD: "84.5" } });
    expect("input" in ok && ok.input).toEqual({
      mapping: { ...detail().mapping },
      store: "Spotify",
      saleMonth: "2026-10",
      currency: "USD",
      rates: { USD: "84.5" },
    });
  });

  it("needs no rate for INR, one per foreign currency the file names", () => {
    const withColumn = detail({
      mapping: { ...detail().mapping, currency: "Currency" },
      currencies: ["EUR", "INR", "USD"],
    });
    expect(currenciesNeedingRate(withColumn, initialFormState(withColumn))).toEqual(["EUR", "USD"]);
  });

  it("refuses a file with neither ISRC nor UPC, or no net revenue", () => {
    const form = initialFormState(detail());
    const result = previewInput(detail(), {
      ...form,
      mapping: { ...form.mapping, isrc: "", netRevenue: "" },
      store: "Spotify",
      saleMonth: "2026-10",
      currency: "INR",
    });
    expect("errors" in result && result.errors).toEqual({
      "mapping.netRevenue": m.needsNetRevenue,
      "mapping.isrc": m.needsCode,
    });
  });
});

describe("the preview's totals against the form", () => {
  // Previewed with the store, month and currency (USD at 84.5) for the whole file.
  const previewed = detail({
    state: "preview",
    store: "Spotify",
    saleMonth: "2026-10",
    currency: "USD",
    rates: { USD: "84.5" },
  });
  const form = initialFormState(previewed);

  it("hold while the form asks for what was previewed", () => {
    expect(formMatchesPreview(previewed, form)).toBe(true);
    // What is sent is what counts: spaces around a rate are not sent.
    expect(formMatchesPreview(previewed, { ...form, rates: { USD: " 84.5 " } })).toBe(true);
  });

  it("are out of date once a column, a whole-file value or a rate changes", () => {
    const column = { ...form, mapping: { ...form.mapping, quantity: "" } };
    expect(formMatchesPreview(previewed, column)).toBe(false);
    expect(formMatchesPreview(previewed, { ...form, store: "JioSaavn" })).toBe(false);
    expect(formMatchesPreview(previewed, { ...form, saleMonth: "2026-09" })).toBe(false);
    const euro = { ...form, currency: "EUR", rates: { EUR: "84.5" } };
    expect(formMatchesPreview(previewed, euro)).toBe(false);
    expect(formMatchesPreview(previewed, { ...form, rates: { USD: "90" } })).toBe(false);
    // A rate emptied or not a rate: not a request the preview answered.
    expect(formMatchesPreview(previewed, { ...form, rates: { USD: "" } })).toBe(false);
    // Changed back: the totals hold again.
    expect(formMatchesPreview(previewed, { ...column, mapping: form.mapping })).toBe(true);
  });
});
