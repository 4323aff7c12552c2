import { Button, Link, Text } from "@react-email/components";
import type { MailMessage } from "../mail-message";
import { renderMail } from "../render-mail";
import { EmailLayout, PRODUCT_NAME, buttonStyle, textStyle } from "./email-layout";

export const PASSWORD_RESET_SUBJECT = `Reset your ${PRODUCT_NAME} password`;

export async function passwordResetMail(input: {
  to: { name: string; address: string };
  resetUrl: string;
  forgotUrl: string;
  publicUrl: string;
}): Promise<MailMessage> {
  const parts = await renderMail(
    <EmailLayout
      preview="Choose a new password (the link works for 30 minutes)."
      heading="Reset your password"
      publicUrl={input.publicUrl}
    >
      <Text style={textStyle}>
        Someone asked to reset the password of the {PRODUCT_NAME} account for {input.to.address}. To
        choose a new password, open this link. It works once, for 30 minutes, and only until you ask
        for a newer link.
      </Text>
      <Button href={input.resetUrl} style={buttonStyle}>
        Choose a new password
      </Button>
      <Text style={textStyle}>
        If the button does not work, copy this address into your browser:{" "}
        <Link href={input.resetUrl}>{input.resetUrl}</Link>
      </Text>
      <Text style={textStyle}>
        If you did not ask for this, ignore this email: your password stays the same. If the link
        has expired, ask for a new one at <Link href={input.forgotUrl}>{input.forgotUrl}</Link>.
      </Text>
    </EmailLayout>,
  );
  return { to: input.to, subject: PASSWORD_RESET_SUBJECT, ...parts };
}
