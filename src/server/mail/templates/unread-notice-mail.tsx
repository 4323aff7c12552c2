import { Button, Link, Section, Text } from "@react-email/components";
import type { MailMessage } from "../mail-message";
import { renderMail } from "../render-mail";
import { EmailLayout, PRODUCT_NAME, buttonStyle, textStyle } from "./email-layout";

/** Message texts are cut here in the mail; the conversation has the rest. */
export const NOTICE_TEXT_LIMIT = 300;

export interface UnreadLine {
  text: string;
  file: { type: string; name: string } | null;
}

function cut(text: string): string {
  const chars = Array.from(text);
  return chars.length > NOTICE_TEXT_LIMIT
    ? `${chars.slice(0, NOTICE_TEXT_LIMIT).join("").trimEnd()}…`
    : text;
}

export function unreadNoticeSubject(senderName: string, count: number): string {
  return count === 1
    ? `New message from ${senderName} on ${PRODUCT_NAME}`
    : `${count} new messages from ${senderName} on ${PRODUCT_NAME}`;
}

const quote = {
  borderLeft: "3px solid #a5b4fc",
  margin: "8px 0",
  paddingLeft: "12px",
};

export async function unreadNoticeMail(input: {
  to: { name: string; address: string };
  senderName: string;
  lines: UnreadLine[];
  /** Unread messages beyond the lines shown. */
  more: number;
  conversationUrl: string;
  /** The page behind the link in the body. */
  unsubscribeUrl: string;
  /** The API address mail clients POST to (List-Unsubscribe). */
  oneClickUrl: string;
  settingsUrl: string;
  publicUrl: string;
}): Promise<MailMessage> {
  const count = input.lines.length + input.more;
  const parts = await renderMail(
    <EmailLayout
      preview={`${input.senderName} wrote to you on ${PRODUCT_NAME}.`}
      heading={`${input.senderName} sent you ${count === 1 ? "a message" : `${count} messages`}`}
      publicUrl={input.publicUrl}
      footer={
        <>
          You get this email because a message waited unread.{" "}
          <Link href={input.unsubscribeUrl}>Stop emails about unread messages</Link> or change this
          in <Link href={input.settingsUrl}>Settings</Link> on the
        </>
      }
    >
      {input.lines.map((line, i) => (
        <Section key={i} style={quote}>
          {line.file ? (
            <Text style={textStyle}>
              {line.file.type === "audio" ? "Audio file" : "Image"}: {line.file.name}
            </Text>
          ) : null}
          {line.text ? <Text style={textStyle}>{cut(line.text)}</Text> : null}
        </Section>
      ))}
      {input.more > 0 ? (
        <Text style={textStyle}>
          …and {input.more} more {input.more === 1 ? "message" : "messages"}.
        </Text>
      ) : null}
      <Button href={input.conversationUrl} style={buttonStyle}>
        Open the conversation
      </Button>
      <Text style={textStyle}>
        Or copy this address into your browser:{" "}
        <Link href={input.conversationUrl}>{input.conversationUrl}</Link>
      </Text>
    </EmailLayout>,
  );
  return {
    to: input.to,
    subject: unreadNoticeSubject(input.senderName, count),
    ...parts,
    headers: {
      // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" to this URL.
      "List-Unsubscribe": `<${input.oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
