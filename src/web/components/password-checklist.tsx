import { Check, X } from "lucide-react";
import { passwordRules } from "../../shared/password-rules";

/** Live checklist of the five password rules. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul aria-label="Password requirements" className="flex flex-col gap-1 text-sm">
      {passwordRules.map((rule) => {
        const met = rule.test(password);
        return (
          <li
            key={rule.id}
            className={`flex items-center gap-2 ${met ? "text-green-700 dark:text-green-300" : "text-slate-600 dark:text-slate-300"}`}
          >
            {met ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <X aria-hidden="true" className="size-4" />
            )}
            <span>
              {rule.label}
              <span className="sr-only">{met ? " (met)" : " (not met)"}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
