import { Button, Link, Section, Text } from "@react-email/components";
import { formatDurationMs } from "../../../shared/release-format";
import { releaseMessages } from "../../../shared/release-messages";
import type { MailMessage } from "../mail-message";
import { renderMail } from "../render-mail";
import { EmailLayout, buttonStyle, textStyle } from "./email-layout";

/** The artist submitted a release: its title and tracks, and a link to it. */
export async function releaseSubmittedMail(input: {
  to: { name: string; address: string };
  title: string;
  releaseDate: string;
  tracks: { title: string; durationMs: number }[];
  releaseUrl: string;
  publicUrl: string;
}): Promise<MailMessage> {
  const subject = releaseMessages.submittedSubject(input.title);
  const parts = await renderMail(
    <EmailLayout
      preview={`${input.title}: submitted for review`}
      heading={subject}
      publicUrl={input.publicUrl}
      footer={<>You get this email because you submitted a release on the</>}
    >
      <Text style={textStyle}>
        Thank you. Your release &ldquo;{input.title}&rdquo; is now with our team for review, planned
        for release on {input.releaseDate}. Each track is listed in Your Songs as pending.
      </Text>
      <Section>
        {input.tracks.map((track, index) => (
          <Text key={index} style={textStyle}>
            {index + 1}. {track.title} ({formatDurationMs(track.durationMs)})
          </Text>
        ))}
      </Section>
      <Button href={input.releaseUrl} style={buttonStyle}>
        Open the release
      </Button>
      <Text style={textStyle}>
        Or copy this address into your browser:{" "}
        <Link href={input.releaseUrl}>{input.releaseUrl}</Link>
      </Text>
    </EmailLayout>,
  );
  return { to: input.to, subject, ...parts };
}
