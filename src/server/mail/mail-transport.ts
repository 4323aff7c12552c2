import fs from "node:fs/promises";
import path from "node:path";
import type Nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import { safeMessage, type MailMessage } from "./mail-message";

export interface MailTransport {
  /** "smtp" with a relay, "file" for the embedded default (.eml files). */
  readonly engine: "smtp" | "file";
  /** Sends one message; throws when the relay refuses or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  /** Resolves when the transport can take mail (SMTP: the relay answers). */
  check(): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where .eml files go without SMTP_URL (DATA_DIR/mail). */
  folder: string;
  log: FastifyBaseLogger;
}

function toNodemailer(from: string, message: MailMessage) {
  const m = safeMessage(message);
  return {
    from,
    to: m.to,
    subject: m.subject,
    html: m.html,
    text: m.text,
    ...(m.headers ? { headers: m.headers } : {}),
  };
}

/** SMTP connections kept open per instance (the outbox sends as many mails at once). */
export const SMTP_CONNECTIONS = 4;

/**
 * A hung relay must fail a send well before the job engine gives the job to
 * another instance (pg-boss expiry, 120 s): nodemailer's own defaults wait
 * up to 10 minutes. Connections are pooled: a burst pays for the connection
 * and greeting (a relay's reverse lookup, TLS) once per connection, not once
 * per mail (decision 095). Values already in the URL's query win.
 */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const defaults = {
    connectionTimeout: "10000",
    greetingTimeout: "10000",
    socketTimeout: "30000",
    pool: "true",
    maxConnections: String(SMTP_CONNECTIONS),
  };
  for (const [key, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return url.toString();
}

/**
 * nodemailer is loaded with the first mail or check, not at start-up (it is
 * about a tenth of a second of the server's start on a quiet machine).
 */
function lazyTransporter(create: (nodemailer: typeof Nodemailer) => Transporter) {
  let created: Transporter | undefined;
  let loading: Promise<Transporter> | undefined;
  return {
    get: () =>
      (loading ??= import("nodemailer").then(({ default: nodemailer }) => {
        created = create(nodemailer);
        return created;
      })),
    close: () => created?.close(),
  };
}

/** SMTP when SMTP_URL is set; otherwise every mail is written as an .eml file and logged. */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const { from, log } = options;
  if (options.smtpUrl) {
    const transporter = lazyTransporter((nodemailer) =>
      nodemailer.createTransport(withTimeouts(options.smtpUrl!)),
    );
    return {
      engine: "smtp",
      async send(message) {
        await (await transporter.get()).sendMail(toNodemailer(from, message));
      },
      async check() {
        await (await transporter.get()).verify();
      },
      close: () => transporter.close(),
    };
  }
  // nodemailer builds the same MIME message it would send, as a buffer.
  const transporter = lazyTransporter((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true }),
  );
  let counter = 0;
  return {
    engine: "file",
    async send(message) {
      const info = await (await transporter.get()).sendMail(toNodemailer(from, message));
      await fs.mkdir(options.folder, { recursive: true });
      counter += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${process.pid}-${counter}.eml`;
      // Written aside, then renamed: a reader never sees half a mail.
      const file = path.join(options.folder, name);
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      log.info(
        { to: message.to.address, subject: message.subject, file },
        "mail written (no SMTP_URL)",
      );
    },
    async check() {
      await fs.mkdir(options.folder, { recursive: true });
    },
    close: () => transporter.close(),
  };
}
