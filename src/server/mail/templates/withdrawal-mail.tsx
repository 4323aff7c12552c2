import { Button, Link, Text } from "@react-email/components";
import { formatPaise } from "../../../shared/money-format";
import { withdrawalMessages as m } from "../../../shared/withdrawal-messages";
import type { MailMessage } from "../mail-message";
import { renderMail } from "../render-mail";
import { EmailLayout, buttonStyle, textStyle } from "./email-layout";

export type WithdrawalMailStep = "requested" | "approved" | "paid" | "failed";

const SUBJECTS: Record<WithdrawalMailStep, string> = {
  requested: m.requestedSubject,
  approved: m.approvedSubject,
  paid: m.paidSubject,
  failed: m.failedSubject,
};

/**
 * One step of a withdrawal, to its artist (issue 47): requested, approved,
 * paid (naming the UTR, so the artist can trace it with the bank) or failed
 * (with the reason; the whole amount is back in the wallet).
 */
export async function withdrawalMail(input: {
  to: { name: string; address: string };
  step: WithdrawalMailStep;
  amountPaise: number;
  tdsPaise: number;
  netPaise: number;
  reference: string | null;
  failureReason: string | null;
  walletUrl: string;
  publicUrl: string;
}): Promise<MailMessage> {
  const subject = SUBJECTS[input.step];
  const amount = formatPaise(input.amountPaise);
  const net = formatPaise(input.netPaise);
  const tds = formatPaise(input.tdsPaise);
  const parts = await renderMail(
    <EmailLayout preview={subject} heading={subject} publicUrl={input.publicUrl}>
      {input.step === "requested" && (
        <Text style={textStyle}>
          We received your withdrawal of <strong>{amount}</strong>. After TDS of {tds} you will
          receive {net}. Our finance team checks it before it is paid.
        </Text>
      )}
      {input.step === "approved" && (
        <Text style={textStyle}>
          Your withdrawal of <strong>{amount}</strong> was approved: {net} goes out with the next
          bank payment run.
        </Text>
      )}
      {input.step === "paid" && (
        <Text style={textStyle}>
          <strong>{net}</strong> was paid to you for your withdrawal of {amount} (TDS {tds}). The
          bank&apos;s UTR / reference is <strong>{input.reference}</strong>: quote it to your bank
          if you do not see the money.
        </Text>
      )}
      {input.step === "failed" && (
        <Text style={textStyle}>
          Your withdrawal of <strong>{amount}</strong> could not be paid: {input.failureReason}. The
          whole amount is back in your wallet and its TDS was undone. Check your payout details and
          withdraw again.
        </Text>
      )}
      <Button href={input.walletUrl} style={buttonStyle}>
        Open your wallet
      </Button>
      <Text style={textStyle}>
        Or copy this address into your browser:{" "}
        <Link href={input.walletUrl}>{input.walletUrl}</Link>
      </Text>
    </EmailLayout>,
  );
  return { to: input.to, subject, ...parts };
}
