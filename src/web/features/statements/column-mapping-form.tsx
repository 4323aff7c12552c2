import { useState, type Dispatch, type SetStateAction, type SyntheticEvent } from "react";
import type { StatementDetail } from "../../../shared/responses/statements";
import {
  NOT_IN_FILE_LABEL,
  STATEMENT_FIELDS,
  STATEMENT_FIELD_LABELS,
  STATEMENT_STORES,
  type StatementField,
} from "../../../shared/statement-fields";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { ApiError } from "../../lib/api-client";
import { usePreviewStatement } from "./api/statement-actions";
import {
  currenciesNeedingRate,
  previewInput,
  type FormErrors,
  type PreviewFormState,
} from "./preview-form-state";

interface ColumnMappingProps {
  detail: StatementDetail;
  disabled: boolean;
  form: PreviewFormState;
  setForm: Dispatch<SetStateAction<PreviewFormState>>;
}

/**
 * The file's columns: a select per field (the file's headers and Not in
 * this file), a value for the whole file where a field is not a column, a
 * rupee rate per foreign currency, and Preview. The form's state is the
 * page's: the preview's totals are compared with it (formMatchesPreview).
 */
export function ColumnMappingForm({ detail, disabled, form, setForm }: ColumnMappingProps) {
  const [errors, setErrors] = useState<FormErrors>({});
  const preview = usePreviewStatement(detail.id);
  const rateCodes = currenciesNeedingRate(detail, form);
  const serverErrors = preview.error instanceof ApiError ? preview.error.fieldErrors : undefined;
  const errorOf = (path: string) => errors[path] ?? serverErrors?.[path];

  const setMapping = (field: StatementField, column: string) =>
    setForm((current) => ({ ...current, mapping: { ...current.mapping, [field]: column } }));

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const checked = previewInput(detail, form);
    if ("errors" in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    preview.mutate(checked.input);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="columns-heading"
      className="flex flex-col gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="columns-heading" className="text-lg font-semibold">
        Columns
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Required: Net revenue, and the ISRC or the UPC (or both).
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {STATEMENT_FIELDS.map((field) => (
          <SelectField
            key={field}
            label={STATEMENT_FIELD_LABELS[field]}
            value={form.mapping[field]}
            error={errorOf(`mapping.${field}`)}
            disabled={disabled}
            onChange={(event) => setMapping(field, event.target.value)}
          >
            <option value="">{NOT_IN_FILE_LABEL}</option>
            {detail.headers.map((header, index) => (
              <option key={`${index}-${header}`} value={header}>
                {header}
              </option>
            ))}
          </SelectField>
        ))}
      </div>

      <WholeFileFields form={form} setForm={setForm} errorOf={errorOf} disabled={disabled} />
      <RateFields
        codes={rateCodes}
        form={form}
        setForm={setForm}
        errorOf={errorOf}
        disabled={disabled}
      />

      {/* The server's refusal as it says it (its field errors are also on the fields). */}
      {preview.error && <Alert tone="error">{preview.error.message}</Alert>}
      <Button type="submit" className="self-start" disabled={disabled || preview.isPending}>
        Preview
      </Button>
    </form>
  );
}

interface FieldsProps {
  form: PreviewFormState;
  setForm: (form: PreviewFormState) => void;
  errorOf: (path: string) => string | undefined;
  disabled: boolean;
}

/** A value for the whole file where its field is not a column: store, sale month, currency. */
function WholeFileFields({ form, setForm, errorOf, disabled }: FieldsProps) {
  const { mapping } = form;
  if (mapping.store !== "" && mapping.saleMonth !== "" && mapping.currency !== "") return null;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {mapping.store === "" && (
        <SelectField
          label="Store for the whole file"
          value={form.store}
          error={errorOf("store")}
          disabled={disabled}
          onChange={(event) => setForm({ ...form, store: event.target.value })}
        >
          <option value="">Choose a store</option>
          {STATEMENT_STORES.map((store) => (
            <option key={store} value={store}>
              {store}
            </option>
          ))}
        </SelectField>
      )}
      {mapping.saleMonth === "" && (
        <TextField
          label="Sale month for the whole file"
          hint="YYYY-MM, like 2026-10"
          placeholder="YYYY-MM"
          inputMode="numeric"
          maxLength={7}
          value={form.saleMonth}
          error={errorOf("saleMonth")}
          disabled={disabled}
          onChange={(event) => setForm({ ...form, saleMonth: event.target.value })}
        />
      )}
      {mapping.currency === "" && (
        <TextField
          label="Currency for the whole file"
          hint="A three-letter code, like INR or USD"
          maxLength={3}
          autoCapitalize="characters"
          value={form.currency}
          error={errorOf("currency")}
          disabled={disabled}
          onChange={(event) => setForm({ ...form, currency: event.target.value })}
        />
      )}
    </div>
  );
}

/** `1 USD in rupees` for each currency other than INR. */
function RateFields({
  codes,
  form,
  setForm,
  errorOf,
  disabled,
}: FieldsProps & { codes: string[] }) {
  if (codes.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold">Exchange rates</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {codes.map((code) => (
          <TextField
            key={code}
            label={`1 ${code} in rupees`}
            inputMode="decimal"
            placeholder="84.5"
            value={form.rates[code] ?? ""}
            error={errorOf(`rates.${code}`)}
            disabled={disabled}
            onChange={(event) =>
              setForm({ ...form, rates: { ...form.rates, [code]: event.target.value } })
            }
          />
        ))}
      </div>
    </fieldset>
  );
}
