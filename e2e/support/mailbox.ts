import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";

/** The e2e server's data folder; without SMTP_URL its mail lands in <it>/mail as .eml files. */
export function e2eDataDir(port = process.env.E2E_PORT ?? "4173"): string {
  return path.join(os.tmpdir(), `portal-e2e-${port}`);
}

async function readAll(): Promise<ParsedMail[]> {
  const folder = path.join(e2eDataDir(), "mail");
  if (!fs.existsSync(folder)) return [];
  const files = fs.readdirSync(folder).filter((f) => f.endsWith(".eml"));
  return Promise.all(
    files.map(async (f) => simpleParser(await fs.promises.readFile(path.join(folder, f)))),
  );
}

const recipients = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address));

/** Waits for mails to `to` whose subject matches, as the portal wrote them. */
export async function mailsTo(to: string, subject: RegExp, count = 1): Promise<ParsedMail[]> {
  let found: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await readAll()).filter(
          (m) => recipients(m).includes(to) && subject.test(m.subject ?? ""),
        );
        return found.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found.sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0));
}

/** The path (and query) of the first link in the mail's text part whose path starts with `prefix`. */
export function pathIn(mail: ParsedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = new RegExp(`https?://[^/\\s]+(${escaped}[^\\s\\])>]*)`).exec(mail.text ?? "");
  if (!found) throw new Error(`no link to ${prefix} in:\n${mail.text ?? ""}`);
  return found[1]!;
}
