/** One rendered email, as stored in the outbox and handed to the transport. */
export interface MailMessage {
  to: { name: string; address: string };
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe ...); names and values are one line each. */
  headers?: Record<string, string>;
}

/**
 * Header values (subjects, display names) become one line: CR, LF and other
 * control characters turn into spaces, so no input can start a new header.
 */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}

/** The message with every header value made safe; applied once, before storing. */
export function safeMessage(message: MailMessage): MailMessage {
  const headers = message.headers
    ? Object.fromEntries(
        Object.entries(message.headers).map(([k, v]) => [oneLine(k), oneLine(v)] as const),
      )
    : undefined;
  return {
    ...message,
    to: { name: oneLine(message.to.name), address: oneLine(message.to.address) },
    subject: oneLine(message.subject),
    ...(headers ? { headers } : {}),
  };
}
