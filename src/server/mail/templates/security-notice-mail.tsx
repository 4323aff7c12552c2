import { Button, Link, Text } from "@react-email/components";
import type { MailMessage } from "../mail-message";
import { renderMail } from "../render-mail";
import { EmailLayout, PRODUCT_NAME, buttonStyle, formatWhen, textStyle } from "./email-layout";

export const PASSWORD_CHANGED_SUBJECT = `Your ${PRODUCT_NAME} password was changed`;
export const EMAIL_CHANGED_SUBJECT = `Your ${PRODUCT_NAME} email address was changed`;
export const EMAIL_ADDED_SUBJECT = `This is now your ${PRODUCT_NAME} sign-in email`;

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

/** Sent to the old address after the account's email changed: with a 7-day undo link. */
export async function emailChangedMail(
  input: NoticeInput & { newEmail: string; undoUrl: string },
): Promise<MailMessage> {
  const when = formatWhen(input.at);
  const parts = await renderMail(
    <EmailLayout
      preview={`Your sign-in email was changed on ${when}.`}
      heading="Your email address was changed"
      publicUrl={input.publicUrl}
    >
      <Text style={textStyle}>
        The {PRODUCT_NAME} account that used {input.to.address} now signs in with {input.newEmail}.
        The change was made on {when}. Every other signed-in device was signed out.
      </Text>
      <Text style={textStyle}>If this was you, there is nothing more to do.</Text>
      <Text style={textStyle}>
        If this was not you, someone may have your password. This link puts {input.to.address} back,
        signs out every device and sends this address a link to choose a new password. It works
        once, for 7 days:
      </Text>
      <Button href={input.undoUrl} style={buttonStyle}>
        Undo this change
      </Button>
      <Text style={textStyle}>
        If the button does not work, copy this address into your browser:{" "}
        <Link href={input.undoUrl}>{input.undoUrl}</Link>
      </Text>
    </EmailLayout>,
  );
  return { to: input.to, subject: EMAIL_CHANGED_SUBJECT, ...parts };
}

/** Sent to the new address after the change: it is now the account's sign-in email. */
export async function emailAddedMail(
  input: NoticeInput & { oldEmail: string },
): Promise<MailMessage> {
  const forgotUrl = `${input.publicUrl}/forgot-password`;
  const when = formatWhen(input.at);
  const parts = await renderMail(
    <EmailLayout
      preview={`This address signs in to ${PRODUCT_NAME} since ${when}.`}
      heading="Your new sign-in email"
      publicUrl={input.publicUrl}
    >
      <Text style={textStyle}>
        On {when} the {PRODUCT_NAME} account that used {input.oldEmail} changed its sign-in email to{" "}
        {input.to.address}. From now on you sign in with this address, and our emails come here.
      </Text>
      <Text style={textStyle}>If this was you, there is nothing more to do.</Text>
      <IfNotYou forgotUrl={forgotUrl} />
    </EmailLayout>,
  );
  return { to: input.to, subject: EMAIL_ADDED_SUBJECT, ...parts };
}
