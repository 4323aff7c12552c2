import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_HOLDER_MESSAGE,
  ACCOUNT_NUMBERS_MISMATCH_MESSAGE,
  ACCOUNT_NUMBER_MESSAGE,
  IFSC_MESSAGE,
  PAN_MESSAGE,
  PAYOUT_DETAILS_CHANGED_SUBJECT,
  PAYOUT_METHOD_MESSAGE,
  UPI_ID_MESSAGE,
} from "../../../shared/payout-details";
import { WRONG_PASSWORD_MESSAGE } from "../../../shared/account-messages";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import { startSmtpTestServer, type SmtpTestServer } from "../../test/smtp-test-server";
import {
  ORIGIN,
  STRONG_PASSWORD,
  createTestApp,
  deleteAccountOf,
  type TestApp,
} from "../../test/test-app";
import { PayoutCipher } from "./payout-cipher";
import { findPayoutDetails } from "./payout-details-repository";

/**
 * Issue 47, section 2, on the engine the suite runs on (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): details saved with the password,
 * stored encrypted, shown masked, mailed, and withdrawals held after a change.
 */
const URL_ = "/api/wallet/payout-details";
const UPI = "priya.sharma@okaxis";
const ACCOUNT = "500100123451234";
const PAN = "ABCDE1234F";
const bank = {
  method: "bank",
  accountHolderName: "Priya Sharma",
  accountNumber: ACCOUNT,
  confirmAccountNumber: ACCOUNT,
  ifsc: "HDFC0001234",
  pan: PAN,
  password: STRONG_PASSWORD,
};

let t: TestApp;
let smtp: SmtpTestServer;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp(
    { logger: true, logStream: { write: (line: string) => void logLines.push(line) } },
    undefined,
    undefined,
    { SMTP_URL: smtp.url, LOG_LEVEL: "trace" },
  );
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const get = (user: TestUser | null, app = t) =>
  app.app.inject({ url: URL_, headers: user ? { cookie: user.cookie } : {} });
const put = (user: TestUser | null, payload: object, app = t) =>
  app.app.inject({
    method: "PUT",
    url: URL_,
    headers: { ...(user ? { cookie: user.cookie } : {}), origin: ORIGIN },
    payload,
  });
const rawRow = async (app: TestApp, userId: string) =>
  app.app.ctx.database.db
    .selectFrom("payout_details")
    .selectAll()
    .where("userId", "=", userId)
    .executeTakeFirst();

// Each test signs up and re-authenticates (two 128 MiB hashes): slow on a loaded host.
const slow = { timeout: 120_000 };

describe("payout details", slow, () => {
  it("start empty, with the TDS rates the page explains", async () => {
    const artist = await createUser(t.app, "Empty Artist");
    const response = await get(artist);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({
      details: null,
      withdrawalsHeldUntil: null,
      tdsRatePercent: 10,
      tdsRateNoPanPercent: 20,
    });
  });

  it("are an artist's own: signed out 401, agents 403 to read and to write", async () => {
    const agent = await createUser(t.app, "Payout Agent", true);
    expect((await get(null)).statusCode).toBe(401);
    expect((await put(null, bank)).statusCode).toBe(401);
    expect((await get(agent)).statusCode).toBe(403);
    const written = await put(agent, bank);
    expect(written.statusCode).toBe(403);
    expect(await rawRow(t, agent.id)).toBeUndefined();
  });

  it("refuse each invalid field with its message, and a wrong password, storing nothing", async () => {
    const artist = await createUser(t.app, "Careful Artist");
    const cases: [object, string, string][] = [
      [{ password: STRONG_PASSWORD }, "method", PAYOUT_METHOD_MESSAGE],
      [{ method: "upi", upiId: "priya", password: STRONG_PASSWORD }, "upiId", UPI_ID_MESSAGE],
      [{ method: "upi", upiId: "priya@", password: STRONG_PASSWORD }, "upiId", UPI_ID_MESSAGE],
      [{ ...bank, accountHolderName: "  " }, "accountHolderName", ACCOUNT_HOLDER_MESSAGE],
      [
        { ...bank, accountNumber: "12345678", confirmAccountNumber: "12345678" },
        "accountNumber",
        ACCOUNT_NUMBER_MESSAGE,
      ],
      [
        { ...bank, confirmAccountNumber: "500100123451235" },
        "confirmAccountNumber",
        ACCOUNT_NUMBERS_MISMATCH_MESSAGE,
      ],
      [{ ...bank, ifsc: "HDFC1001234" }, "ifsc", IFSC_MESSAGE],
      [{ ...bank, ifsc: "HDFC000123" }, "ifsc", IFSC_MESSAGE],
      [{ ...bank, pan: "ABCD1234F" }, "pan", PAN_MESSAGE],
      [{ ...bank, password: "Wrong-pass-1!" }, "password", WRONG_PASSWORD_MESSAGE],
    ];
    for (const [payload, field, message] of cases) {
      const response = await put(artist, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().fieldErrors?.[field], JSON.stringify(payload)).toBe(message);
    }
    expect(await rawRow(t, artist.id)).toBeUndefined();
    expect((await get(artist)).json().details).toBeNull();
  });

  it("are stored encrypted: the clear values are nowhere in the row, which decrypts with the DATA_DIR key", async () => {
    const artist = await createUser(t.app, "Secret Artist");
    const saved = await put(artist, {
      method: "upi",
      upiId: UPI,
      pan: PAN,
      password: STRONG_PASSWORD,
    });
    expect(saved.statusCode).toBe(200);
    const row = (await rawRow(t, artist.id))!;
    const stored = JSON.stringify(row);
    for (const clear of [UPI, "priya.sharma", PAN, "1234F"]) expect(stored).not.toContain(clear);
    expect(row.upiIdEncrypted).toMatch(/^v1\./);
    // The key was generated once into DATA_DIR, private to the portal's user.
    const keyFile = path.join(t.dataDir, "payout-details-key");
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const cipher = new PayoutCipher(Buffer.from(fs.readFileSync(keyFile, "utf8"), "hex"));
    expect(cipher.decrypt(artist.id, "upiId", row.upiIdEncrypted!)).toBe(UPI);
    expect(cipher.decrypt(artist.id, "pan", row.panEncrypted!)).toBe(PAN);
    // The same repository the service reads through.
    expect((await findPayoutDetails(t.app.ctx.database.db, artist.id))?.method).toBe("upi");
  });

  it("are shown masked, never in the clear, and hold withdrawals for 24 hours after each change", async () => {
    const artist = await createUser(t.app, "Masked Artist");
    const before = Date.now();
    const upi = await put(artist, {
      method: "upi",
      upiId: "priya@okaxis",
      password: STRONG_PASSWORD,
    });
    expect(upi.json().details).toMatchObject({
      method: "upi",
      destination: "UPI: pr•••@okaxis",
      pan: null,
    });
    const saved = await put(artist, bank);
    expect(saved.statusCode).toBe(200);
    const view = saved.json();
    expect(view.details).toMatchObject({
      method: "bank",
      destination: "Bank: ••••1234 · HDFC0001234",
      accountHolderName: "Priya Sharma",
      pan: "PAN: •••••1234F",
    });
    const day = 24 * 3_600_000;
    expect(view.withdrawalsHeldUntil).toBeGreaterThanOrEqual(before + day);
    expect(view.withdrawalsHeldUntil).toBeLessThanOrEqual(Date.now() + day);
    const read = await get(artist);
    expect(read.json()).toEqual(view);
    for (const body of [saved.body, read.body]) {
      expect(body).not.toContain(ACCOUNT);
      expect(body).not.toContain(PAN);
    }
    // Once the hold has passed, it is no longer shown.
    await t.app.ctx.database.db
      .updateTable("payout_details")
      .set({ withdrawalsHeldUntil: Date.now() - 1 })
      .where("userId", "=", artist.id)
      .execute();
    expect((await get(artist)).json().withdrawalsHeldUntil).toBeNull();
  });

  it("mail a security notice naming the masked destination and the hold", async () => {
    const artist = await createUser(t.app, "Mailed Artist");
    expect((await put(artist, bank)).statusCode).toBe(200);
    const [mail] = await smtp.waitFor(
      (m) => m.rcptTo.includes(artist.email) && m.parsed.subject === PAYOUT_DETAILS_CHANGED_SUBJECT,
    );
    expect(PAYOUT_DETAILS_CHANGED_SUBJECT).toBe("Your payout details were changed");
    const text = mail!.parsed.text ?? "";
    expect(text).toContain("Bank: ••••1234 · HDFC0001234");
    expect(text).toContain("withdrawals are on hold until");
    expect(text).not.toContain(ACCOUNT);
    expect(text).not.toContain(PAN);
  });

  it("are saved only with their security notice: a change whose notice cannot be recorded is not made", async () => {
    const artist = await createUser(t.app, "Alarmed Artist");
    expect(
      (await put(artist, { method: "upi", upiId: UPI, password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
    const before = await rawRow(t, artist.id);
    const { db } = t.app.ctx.database;
    await sql`alter table mail_job rename to mail_job_away`.execute(db);
    let refused;
    try {
      refused = await put(artist, bank);
    } finally {
      await sql`alter table mail_job_away rename to mail_job`.execute(db);
    }
    expect(refused.statusCode).toBe(500);
    expect(await rawRow(t, artist.id)).toEqual(before);
    expect((await get(artist)).json().details.destination).toBe("UPI: pr•••@okaxis");
  });

  it("go with the account", async () => {
    const artist = await createUser(t.app, "Leaving Artist");
    expect((await put(artist, bank)).statusCode).toBe(200);
    await deleteAccountOf(t.app, artist.cookie);
    expect(await rawRow(t, artist.id)).toBeUndefined();
  });

  it("never reach a log line", () => {
    const log = logLines.join("\n");
    expect(logLines.length).toBeGreaterThan(10);
    for (const clear of [UPI, ACCOUNT, PAN, "priya@okaxis"]) expect(log).not.toContain(clear);
  });
});

describe("payout details with PAYOUT_DETAILS_KEY and no hold", slow, () => {
  const key = "0f".repeat(32);
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({}, undefined, undefined, {
      PAYOUT_DETAILS_KEY: key,
      PAYOUT_DETAILS_HOLD_HOURS: "0",
      TDS_RATE_PERCENT: "5",
      TDS_RATE_NO_PAN_PERCENT: "7.5",
    });
  }, 120_000);
  afterAll(() => other.close());

  it("encrypts with the configured key, writes none into DATA_DIR, and holds nothing", async () => {
    const artist = await createUser(other.app, "Keyed Artist");
    const saved = await put(artist, bank, other);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      withdrawalsHeldUntil: null,
      tdsRatePercent: 5,
      tdsRateNoPanPercent: 7.5,
    });
    expect(fs.existsSync(path.join(other.dataDir, "payout-details-key"))).toBe(false);
    const row = (await rawRow(other, artist.id))!;
    expect(JSON.stringify(row)).not.toContain(ACCOUNT);
    expect(row.withdrawalsHeldUntil).toBeNull();
    const cipher = new PayoutCipher(Buffer.from(key, "hex"));
    expect(cipher.decrypt(artist.id, "accountNumber", row.accountNumberEncrypted!)).toBe(ACCOUNT);
  });
});
