import { Button, Link, Section, Text } from "@react-email/components";
import { statusLabel } from "../../../shared/song-schemas";
import {
  REJECTION_NEXT_STEPS,
  REJECTION_REASON_LABELS,
  type RejectionReason,
} from "../../../shared/song-status";
import type { MailMessage } from "../mail-message";
import { renderMail } from "../render-mail";
import { EmailLayout, PRODUCT_NAME, buttonStyle, textStyle } from "./email-layout";

export const songStatusSubject = (title: string, status: string) =>
  `"${title}" is now ${statusLabel(status)}`;

/** One status change of one song, to its artist: what, why, and a link to the song page. */
export async function songStatusMail(input: {
  to: { name: string; address: string };
  title: string;
  toStatus: string;
  reasonCode: RejectionReason | null;
  note: string;
  agentName: string;
  songUrl: string;
  settingsUrl: string;
  publicUrl: string;
}): Promise<MailMessage> {
  const status = statusLabel(input.toStatus);
  const parts = await renderMail(
    <EmailLayout
      preview={`${input.title}: ${status}`}
      heading={`"${input.title}" is now ${status}`}
      publicUrl={input.publicUrl}
      footer={
        <>
          You get this email because one of your songs changed status. Turn these emails off in{" "}
          <Link href={input.settingsUrl}>Settings</Link> on the
        </>
      }
    >
      <Text style={textStyle}>
        {input.agentName} changed the status of your song &ldquo;{input.title}&rdquo; to{" "}
        <strong>{status}</strong>.
      </Text>
      {input.reasonCode ? (
        <Section>
          <Text style={textStyle}>
            <strong>Reason:</strong> {REJECTION_REASON_LABELS[input.reasonCode]}
          </Text>
          <Text style={textStyle}>
            <strong>What to do next:</strong> {REJECTION_NEXT_STEPS[input.reasonCode]}
          </Text>
        </Section>
      ) : null}
      {input.note ? (
        <Text style={textStyle}>
          <strong>Note from {PRODUCT_NAME} support:</strong> {input.note}
        </Text>
      ) : null}
      <Button href={input.songUrl} style={buttonStyle}>
        Open the song
      </Button>
      <Text style={textStyle}>
        Or copy this address into your browser: <Link href={input.songUrl}>{input.songUrl}</Link>
      </Text>
    </EmailLayout>,
  );
  return { to: input.to, subject: songStatusSubject(input.title, input.toStatus), ...parts };
}
