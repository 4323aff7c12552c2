import type { PayoutMethod } from "../../../shared/payout-details";
import { FieldError } from "../../components/form-field";

const CHOICES: { value: PayoutMethod; label: string }[] = [
  { value: "upi", label: "UPI" },
  { value: "bank", label: "Bank transfer" },
];

/** The radio group: UPI or Bank transfer (arrow keys move between them, as radios do). */
export function PayoutMethodChoice(props: {
  value: PayoutMethod | null;
  onChange: (method: PayoutMethod) => void;
  error: string | undefined;
}) {
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={props.error ? "payout-method-error" : undefined}
      // The group's mark: a failed save focuses its first radio (focus-first-invalid.ts).
      aria-invalid={props.error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium">Payout method</legend>
      <div className="flex flex-wrap gap-3">
        {CHOICES.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 dark:border-slate-600 dark:has-[:checked]:border-indigo-400 dark:has-[:checked]:bg-indigo-950"
          >
            <input
              type="radio"
              name="payout-method"
              value={choice.value}
              checked={props.value === choice.value}
              onChange={() => props.onChange(choice.value)}
              className="size-4 accent-indigo-600"
            />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldError id="payout-method-error" error={props.error} />
    </fieldset>
  );
}
