import { useState, type SyntheticEvent } from "react";
import {
  NO_PAN_HIGHER_TDS_MESSAGE,
  PAYOUT_DETAILS_SAVED_MESSAGE,
  payoutDetailsInputSchema,
  type PayoutDetailsInput,
  type PayoutDetailsView,
  type PayoutMethod,
} from "../../../shared/payout-details";
import { Button } from "../../components/button";
import { FormAlert } from "../../components/form-alert";
import { PasswordField, TextField } from "../../components/text-field";
import { ApiError } from "../../lib/api-client";
import { showErrorsThenFocus } from "../../lib/focus-first-invalid";
import { useSavePayoutDetails } from "./api/payout-details";
import { PayoutMethodChoice } from "./payout-method-choice";

type Fields = Record<
  "upiId" | "accountHolderName" | "accountNumber" | "confirmAccountNumber" | "ifsc" | "pan",
  string
>;
type FieldErrors = Partial<Record<keyof Fields | "method" | "password", string>>;
const EMPTY: Fields = {
  upiId: "",
  accountHolderName: "",
  accountNumber: "",
  confirmAccountNumber: "",
  ifsc: "",
  pan: "",
};

/** What is sent: only the chosen method's fields. */
function inputOf(method: PayoutMethod | null, f: Fields, password: string): unknown {
  if (method === "upi") return { method, upiId: f.upiId, pan: f.pan, password };
  if (method === "bank") {
    const { accountHolderName, accountNumber, confirmAccountNumber, ifsc, pan } = f;
    return { method, accountHolderName, accountNumber, confirmAccountNumber, ifsc, pan, password };
  }
  return { password };
}

/** The first message of each field, from the shared schema or the server's answer. */
function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "method")] ??= issue.message;
  return errors;
}

/** Saving new details: the chosen method's fields, an optional PAN, the current password. */
export function PayoutDetailsForm({ view }: { view: PayoutDetailsView }) {
  const [method, setMethod] = useState<PayoutMethod | null>(view.details?.method ?? null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSavePayoutDetails();
  const set: SetField = (name) => (e) => setFields((f) => ({ ...f, [name]: e.target.value }));

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    save.reset();
    const input = inputOf(method, fields, password);
    // The same schema the server checks with: its messages, word for word.
    const parsed = payoutDetailsInputSchema.safeParse(input);
    if (!parsed.success) {
      const found = errorsOf(parsed.error.issues);
      return showErrorsThenFocus(event.currentTarget, () => setErrors(found));
    }
    setErrors({});
    save.mutate(input as PayoutDetailsInput, {
      onSuccess: () => {
        setFields(EMPTY);
        setPassword("");
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
      },
    });
  };

  // A refusal that names its fields shows beside them; anything else above the form.
  const serverError =
    save.error instanceof ApiError && save.error.fieldErrors ? null : (save.error?.message ?? null);

  return (
    <section aria-labelledby="payout-form-heading" className="flex flex-col gap-4">
      <h2 id="payout-form-heading" className="text-lg font-semibold">
        {view.details ? "Change payout details" : "Add payout details"}
      </h2>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormAlert error={serverError} success={save.isSuccess && PAYOUT_DETAILS_SAVED_MESSAGE} />
        <PayoutMethodChoice value={method} onChange={setMethod} error={errors.method} />
        {method && (
          <MethodFields method={method} view={view} fields={fields} set={set} errors={errors} />
        )}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          hint="Changing where your money goes needs your password."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save payout details"}
        </Button>
      </form>
    </section>
  );
}

type SetField = (name: keyof Fields) => (e: { target: { value: string } }) => void;

/** The chosen method's fields, then the optional PAN with what leaving it out costs. */
function MethodFields(props: {
  method: PayoutMethod;
  view: PayoutDetailsView;
  fields: Fields;
  set: SetField;
  errors: FieldErrors;
}) {
  const { method, view, fields, set, errors } = props;
  return (
    <>
      {method === "upi" ? (
        <TextField
          label="UPI ID"
          autoComplete="off"
          spellCheck={false}
          value={fields.upiId}
          onChange={set("upiId")}
          error={errors.upiId}
        />
      ) : (
        <BankFields fields={fields} set={set} errors={errors} />
      )}
      <TextField
        label="PAN (optional)"
        autoComplete="off"
        spellCheck={false}
        maxLength={10}
        hint={NO_PAN_HIGHER_TDS_MESSAGE(
          String(view.tdsRateNoPanPercent),
          String(view.tdsRatePercent),
        )}
        value={fields.pan}
        onChange={set("pan")}
        error={errors.pan}
      />
    </>
  );
}

/** A bank transfer's fields: holder, account number twice, IFSC. */
function BankFields(props: { fields: Fields; set: SetField; errors: FieldErrors }) {
  const { fields, set, errors } = props;
  return (
    <>
      <TextField
        label="Account holder name"
        autoComplete="name"
        value={fields.accountHolderName}
        onChange={set("accountHolderName")}
        error={errors.accountHolderName}
      />
      <TextField
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        hint="9 to 18 digits."
        value={fields.accountNumber}
        onChange={set("accountNumber")}
        error={errors.accountNumber}
      />
      <TextField
        label="Confirm account number"
        inputMode="numeric"
        autoComplete="off"
        value={fields.confirmAccountNumber}
        onChange={set("confirmAccountNumber")}
        error={errors.confirmAccountNumber}
      />
      <TextField
        label="IFSC"
        autoComplete="off"
        spellCheck={false}
        maxLength={11}
        value={fields.ifsc}
        onChange={set("ifsc")}
        error={errors.ifsc}
      />
    </>
  );
}
