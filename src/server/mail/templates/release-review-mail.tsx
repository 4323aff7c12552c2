import { Button, Link, Section, Text } from "@react-email/components";
import type { MailMessage } from "../mail-message";
import { renderMail } from "../render-mail";
import { EmailLayout, buttonStyle, textStyle } from "./email-layout";

/**
 * One step of a release's review, to its artist (issue 40): changes
 * requested, approved, live or rejected. The notice writes the sentences
 * and the list (items to fix, ISRCs and UPC); one email per step.
 */
export async function releaseReviewMail(input: {
  to: { name: string; address: string };
  subject: string;
  preview: string;
  paragraphs: string[];
  list: string[];
  /** An address to show as a link (the first store's), if any. */
  link?: { label: string; href: string };
  releaseUrl: string;
  publicUrl: string;
}): Promise<MailMessage> {
  const parts = await renderMail(
    <EmailLayout
      preview={input.preview}
      heading={input.subject}
      publicUrl={input.publicUrl}
      footer={<>You get this email because you submitted a release on the</>}
    >
      {input.paragraphs.map((paragraph, index) => (
        <Text key={index} style={textStyle}>
          {paragraph}
        </Text>
      ))}
      {input.list.length > 0 ? (
        <Section>
          {input.list.map((line, index) => (
            <Text key={index} style={textStyle}>
              {line}
            </Text>
          ))}
        </Section>
      ) : null}
      {input.link ? (
        <Text style={textStyle}>
          {input.link.label} <Link href={input.link.href}>{input.link.href}</Link>
        </Text>
      ) : null}
      <Button href={input.releaseUrl} style={buttonStyle}>
        Open the release
      </Button>
      <Text style={textStyle}>
        Or copy this address into your browser:{" "}
        <Link href={input.releaseUrl}>{input.releaseUrl}</Link>
      </Text>
    </EmailLayout>,
  );
  return { to: input.to, subject: input.subject, ...parts };
}
