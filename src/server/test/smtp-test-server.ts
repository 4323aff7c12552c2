import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  /** Envelope recipients, as the relay saw them. */
  rcptTo: string[];
  parsed: ParsedMail;
  raw: string;
}

/**
 * A real SMTP server on a random loopback port: receives and parses every
 * mail. `refuse` makes it answer 421 (a relay that is down) until `accept`.
 */
export async function startSmtpTestServer() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let refusing = false;
  /** Milliseconds to hold each message before accepting it (a slow relay). */
  let holdMs = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // Loopback: no reverse DNS per connection (seconds on a busy machine).
    disableReverseLookup: true,
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (refusing) {
        refused += 1;
        const err = new Error("Service not available") as Error & { responseCode: number };
        err.responseCode = 421;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        setTimeout(() => {
          simpleParser(raw)
            .then((parsed) => {
              mails.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), parsed, raw });
              waiters.splice(0).forEach((w) => w());
              callback();
            })
            .catch(callback);
        }, holdMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** Waits until `count` mails match, or fails after `ms`. */
  async function waitFor(
    match: (m: ReceivedMail) => boolean,
    count = 1,
    ms = 15_000,
  ): Promise<ReceivedMail[]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = mails.filter(match);
      if (found.length >= count) return found;
      if (Date.now() > deadline) {
        throw new Error(`expected ${count} mails, got ${found.length} of ${mails.length}`);
      }
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    to: (address: string) => (m: ReceivedMail) => m.rcptTo.includes(address),
    refuse: () => {
      refusing = true;
    },
    accept: () => {
      refusing = false;
    },
    refusedCount: () => refused,
    hold: (ms: number) => {
      holdMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;

/** The first link in a mail's text part that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const text = mail.parsed.text ?? "";
  const found = text.match(
    new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s\\])>]*`),
  );
  if (!found) throw new Error(`no link starting ${prefix} in:\n${text}`);
  return found[0];
}
