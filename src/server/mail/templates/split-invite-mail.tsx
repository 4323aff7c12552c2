import { Button, Link, Text } from "@react-email/components";
import { splitMessages as m } from "../../../shared/split-messages";
import type { MailMessage } from "../mail-message";
import { renderMail } from "../render-mail";
import { EmailLayout, PRODUCT_NAME, buttonStyle, formatWhen, textStyle } from "./email-layout";

/**
 * A split invitation (issue 47, section 1): who shares which track's
 * earnings with the collaborator, at what share, and the link to accept
 * (or to register first). Until they accept, their part is held for them.
 */
export async function splitInviteMail(input: {
  to: { name: string; address: string };
  artistName: string;
  trackTitle: string;
  /** "40" */
  share: string;
  expiresAt: number;
  inviteUrl: string;
  publicUrl: string;
}): Promise<MailMessage> {
  const subject = m.inviteSubject(input.artistName, input.trackTitle);
  const parts = await renderMail(
    <EmailLayout preview={subject} heading={subject} publicUrl={input.publicUrl}>
      <Text style={textStyle}>
        {input.artistName} invited you to share the earnings of <strong>{input.trackTitle}</strong>{" "}
        on {PRODUCT_NAME}: your share is <strong>{input.share}%</strong> of the artist&apos;s
        earnings from each store statement.
      </Text>
      <Text style={textStyle}>
        Your part is held for you until you accept; accepting moves it to your wallet. The
        invitation stands until {formatWhen(input.expiresAt)}. No account yet? The link lets you
        create one with this email address first.
      </Text>
      <Button href={input.inviteUrl} style={buttonStyle}>
        See the invitation
      </Button>
      <Text style={textStyle}>
        Or copy this address into your browser:{" "}
        <Link href={input.inviteUrl}>{input.inviteUrl}</Link>
      </Text>
    </EmailLayout>,
  );
  return { to: input.to, subject, ...parts };
}
