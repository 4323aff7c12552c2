import { Link, Text } from "@react-email/components";
import { PAYOUT_DETAILS_CHANGED_SUBJECT } from "../../../shared/payout-details";
import type { MailMessage } from "../mail-message";
import { renderMail } from "../render-mail";
import { EmailLayout, PRODUCT_NAME, formatWhen, textStyle } from "./email-layout";

export { PAYOUT_DETAILS_CHANGED_SUBJECT };

/**
 * The security notice after payout details were saved (issue 47): where the
 * money goes now, masked as on the page, and until when withdrawals wait.
 */
export async function payoutDetailsChangedMail(input: {
  to: { name: string; address: string };
  at: number;
  /** `UPI: pr•••@okaxis` or `Bank: ••••1234 · HDFC0001234`. */
  destination: string;
  /** `PAN: •••••1234F`, or null. */
  pan: string | null;
  heldUntil: number | null;
  publicUrl: string;
}): Promise<MailMessage> {
  const when = formatWhen(input.at);
  const forgotUrl = `${input.publicUrl}/forgot-password`;
  const parts = await renderMail(
    <EmailLayout
      preview={`Your payout details were changed on ${when}.`}
      heading={PAYOUT_DETAILS_CHANGED_SUBJECT}
      publicUrl={input.publicUrl}
    >
      <Text style={textStyle}>
        The payout details of the {PRODUCT_NAME} account for {input.to.address} were changed on{" "}
        {when}. Withdrawals are now paid to {input.destination}
        {input.pan ? ` (${input.pan})` : ""}.
      </Text>
      {input.heldUntil !== null && (
        <Text style={textStyle}>
          For your safety, withdrawals are on hold until {formatWhen(input.heldUntil)}.
        </Text>
      )}
      <Text style={textStyle}>If this was you, there is nothing more to do.</Text>
      <Text style={textStyle}>
        If this was not you, someone may have your password: reset it right away at{" "}
        <Link href={forgotUrl}>{forgotUrl}</Link> and tell our support team in the portal&apos;s
        chat before the hold ends.
      </Text>
    </EmailLayout>,
  );
  return { to: input.to, subject: PAYOUT_DETAILS_CHANGED_SUBJECT, ...parts };
}
