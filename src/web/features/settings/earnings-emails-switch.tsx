import { IndianRupee } from "lucide-react";
import { useSession } from "../../lib/auth/session";
import { MailPreferenceSwitch } from "./mail-preference-switch";

/** Settings row for artists: Earnings emails, one mail per imported statement that credits them. */
export function EarningsEmailsSwitch() {
  const { data: user } = useSession();
  // Agents earn nothing from statements.
  if (!user || user.admin) return null;
  return (
    <MailPreferenceSwitch preference="earningsEmails" label="Earnings emails" icon={IndianRupee} />
  );
}
