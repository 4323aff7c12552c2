import type { LucideIcon } from "lucide-react";
import { useId } from "react";
import type { MailPreferences } from "../../../shared/mail-preferences";
import { Switch } from "../../components/switch";
import { useMailPreferences, useSaveMailPreferences } from "./api/mail-preferences";

/** One Settings row per mail preference: on unless turned off, saved on its own. */
export function MailPreferenceSwitch({
  preference,
  label,
  icon: Icon,
}: {
  preference: keyof MailPreferences;
  label: string;
  icon: LucideIcon;
}) {
  const labelId = useId();
  const { data } = useMailPreferences();
  const save = useSaveMailPreferences();
  const on =
    (save.isPending ? save.variables[preference] : undefined) ?? data?.[preference] ?? true;
  return (
    <div className="flex items-center gap-3 px-4 py-3.5">
      <Icon aria-hidden="true" className="size-5" />
      <span id={labelId} className="flex-1">
        {label}
        {save.isError && (
          <span role="alert" className="block text-sm text-red-700 dark:text-red-300">
            Could not save. Please try again.
          </span>
        )}
      </span>
      <Switch
        on={on}
        labelledBy={labelId}
        disabled={!data || save.isPending}
        onToggle={() => save.mutate({ [preference]: !on })}
      />
    </div>
  );
}
