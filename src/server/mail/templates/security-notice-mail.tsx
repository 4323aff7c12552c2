import { Link, Text } from "@react-email/components";
import type { MailMessage } from "../mail-message";
import { renderMail } from "../render-mail";
import { EmailLayout, PRODUCT_NAME, formatWhen, textStyle } from "./email-layout";

export const PASSWORD_CHANGED_SUBJECT = `Your ${PRODUCT_NAME} password was changed`;
export const EMAIL_CHANGED_SUBJECT = `Your ${PRODUCT_NAME} email address was changed`;

interface NoticeInput {
  to: { name: string; address: string };
  at: number;
  publicUrl: string;
}

function IfNotYou(props: { forgotUrl: string }) {
  return (
    <Text style={textStyle}>
      If this was not you, reset your password right away at{" "}
      <Link href={props.forgotUrl}>{props.forgotUrl}</Link> and tell our support team in the
      portal&apos;s chat. Resetting signs out everyone who uses your account.
    </Text>
  );
}

/** After a password change (signed in) or a reset (by email link). */
export async function passwordChangedMail(
  input: NoticeInput & { how: "changed" | "reset" },
): Promise<MailMessage> {
  const forgotUrl = `${input.publicUrl}/forgot-password`;
  const when = formatWhen(input.at);
  const parts = await renderMail(
    <EmailLayout
      preview={`Your password was ${input.how} on ${when}.`}
      heading="Your password was changed"
      publicUrl={input.publicUrl}
    >
      <Text style={textStyle}>
        The password of the {PRODUCT_NAME} account for {input.to.address} was{" "}
        {input.how === "reset" ? "reset with an emailed link" : "changed in Settings"} on {when}.
        Every other signed-in device was signed out.
      </Text>
      <Text style={textStyle}>If this was you, there is nothing more to do.</Text>
      <IfNotYou forgotUrl={forgotUrl} />
    </EmailLayout>,
  );
  return { to: input.to, subject: PASSWORD_CHANGED_SUBJECT, ...parts };
}

/** Sent to the old address after the account's email changed. */
export async function emailChangedMail(
  input: NoticeInput & { newEmail: string },
): Promise<MailMessage> {
  const forgotUrl = `${input.publicUrl}/forgot-password`;
  const when = formatWhen(input.at);
  const parts = await renderMail(
    <EmailLayout
      preview={`Your sign-in email was changed on ${when}.`}
      heading="Your email address was changed"
      publicUrl={input.publicUrl}
    >
      <Text style={textStyle}>
        The {PRODUCT_NAME} account that used {input.to.address} now signs in with {input.newEmail}.
        The change was made on {when}. This address gets no more emails from us.
      </Text>
      <Text style={textStyle}>If this was you, there is nothing more to do.</Text>
      <Text style={textStyle}>
        If this was not you, someone may have your password. Contact our support team and tell them
        the account&apos;s new address, {input.newEmail}. You can also try resetting the password at{" "}
        <Link href={forgotUrl}>{forgotUrl}</Link> with the new address.
      </Text>
    </EmailLayout>,
  );
  return { to: input.to, subject: EMAIL_CHANGED_SUBJECT, ...parts };
}
