import { Button, Link, Text } from "@react-email/components";
import { formatPaise } from "../../../shared/money-format";
import type { MailMessage } from "../mail-message";
import { renderMail } from "../render-mail";
import { EmailLayout, buttonStyle, textStyle } from "./email-layout";

/** "You earned Rs.1,234.56 from Spotify, JioSaavn (Oct 2026)" */
export const earningsSubject = (amountPaise: number, stores: string, months: string) =>
  `You earned ${formatPaise(amountPaise)} from ${stores} (${months})`;

/** One imported statement, to an artist it credited: the amount, the stores, the months. */
export async function earningsMail(input: {
  to: { name: string; address: string };
  amountPaise: number;
  /** "Spotify, JioSaavn" */
  stores: string;
  /** "Oct 2026" or "Sep–Oct 2026" */
  months: string;
  earningsUrl: string;
  settingsUrl: string;
  publicUrl: string;
}): Promise<MailMessage> {
  const amount = formatPaise(input.amountPaise);
  const subject = earningsSubject(input.amountPaise, input.stores, input.months);
  const parts = await renderMail(
    <EmailLayout
      preview={subject}
      heading={`You earned ${amount}`}
      publicUrl={input.publicUrl}
      footer={
        <>
          You get this email because a store statement credited your wallet. Turn these emails off
          in <Link href={input.settingsUrl}>Settings</Link> on the
        </>
      }
    >
      <Text style={textStyle}>
        A statement from {input.stores} for {input.months} was imported, and{" "}
        <strong>{amount}</strong> was added to your wallet.
      </Text>
      <Button href={input.earningsUrl} style={buttonStyle}>
        See your earnings
      </Button>
      <Text style={textStyle}>
        Or copy this address into your browser:{" "}
        <Link href={input.earningsUrl}>{input.earningsUrl}</Link>
      </Text>
    </EmailLayout>,
  );
  return { to: input.to, subject, ...parts };
}
