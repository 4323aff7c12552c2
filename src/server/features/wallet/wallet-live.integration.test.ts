/**
 * A ledger posting reaches the artists it moved (issue 46, section 4): an
 * open wallet hears `wallet:changed` and refetches, and an imported
 * statement mails each credited artist once, naming the amount, the stores
 * and the months, unless they turned Earnings emails off.
 */
import { Readable } from "node:stream";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WalletChangedEvent } from "../../../shared/socket-events";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  nextEvent,
  type TestUser,
} from "../../test/chat-test-helpers";
import { insertApprovedRelease, postStatement, reverseStatement } from "../../test/ledger-fixtures";
import { linkIn, startSmtpTestServer, type SmtpTestServer } from "../../test/smtp-test-server";
import { ORIGIN, createTestApp, type TestApp } from "../../test/test-app";
import { StatementService } from "../statements/statement-service";

let t: TestApp;
let smtp: SmtpTestServer;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({}, undefined, undefined, { SMTP_URL: smtp.url });
  url = await listen(t.app);
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
  await smtp.close();
});

const db = () => t.app.ctx.database.db;
const slow = { timeout: 120_000 };

async function socketOf(user: TestUser): Promise<Socket> {
  const socket = connectSocket(url, user.cookie);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

async function artistWithTrack(name: string) {
  const artist = await createUser(t.app, name);
  const { trackIds } = await insertApprovedRelease(db(), artist.id, `${name} Single`, [
    { title: `${name} Song`, isrc: "IN-A1B-26-00100" },
  ]);
  return { artist, trackId: trackIds[0]! };
}

const earningsMailTo = (email: string) => (m: (typeof smtp.mails)[number]) =>
  m.rcptTo.includes(email) && /^You earned /.test(m.parsed.subject ?? "");

const turnOffEarningsEmails = (user: TestUser) =>
  t.app.inject({
    method: "PUT",
    url: "/api/mail/preferences",
    headers: { cookie: user.cookie, origin: ORIGIN },
    payload: { earningsEmails: false },
  });

describe("a statement posted", slow, () => {
  it("updates each artist's open wallet and mails each credited artist once", async () => {
    const asha = await artistWithTrack("Asha");
    const quiet = await artistWithTrack("Quiet");
    const ravi = await artistWithTrack("Ravi");
    const off = await turnOffEarningsEmails(quiet.artist);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ earningsEmails: false });

    const ashaSocket = await socketOf(asha.artist);
    const quietSocket = await socketOf(quiet.artist);
    const stranger = await createUser(t.app, "Stranger");
    const strangerSocket = await socketOf(stranger);
    let strangerHeard = false;
    strangerSocket.on("wallet:changed", () => (strangerHeard = true));

    const { statementId, postingId } = await postStatement(db(), [
      {
        artistId: asha.artist.id,
        trackId: asha.trackId,
        store: "JioSaavn",
        country: "IN",
        saleMonth: "2026-10",
        quantity: 10,
        artistPaise: 12_345_656,
      },
      {
        artistId: asha.artist.id,
        trackId: asha.trackId,
        store: "Spotify",
        country: "US",
        saleMonth: "2026-09",
        quantity: 5,
        artistPaise: 22,
      },
      {
        artistId: quiet.artist.id,
        trackId: quiet.trackId,
        store: "Gaana",
        country: "IN",
        saleMonth: "2026-10",
        quantity: 1,
        artistPaise: 500,
      },
      {
        artistId: ravi.artist.id,
        trackId: ravi.trackId,
        store: "Spotify",
        country: "IN",
        saleMonth: "2026-10",
        quantity: 1,
        artistPaise: 700,
      },
    ]);
    const heardByAsha = nextEvent<WalletChangedEvent>(ashaSocket, "wallet:changed");
    const heardByQuiet = nextEvent<WalletChangedEvent>(quietSocket, "wallet:changed");
    await t.app.ctx.events.emit("ledger.posted", {
      postingId,
      kind: "statement",
      statementId,
      artistIds: [asha.artist.id, quiet.artist.id, ravi.artist.id],
    });
    expect(await heardByAsha).toEqual({ reason: "statement" });
    expect(await heardByQuiet).toEqual({ reason: "statement" });

    const [mail] = await smtp.waitFor(earningsMailTo(asha.artist.email));
    expect(mail!.parsed.subject).toBe(
      "You earned Rs.1,23,456.78 from Spotify, JioSaavn (Sep–Oct 2026)",
    );
    const text = mail!.parsed.text ?? "";
    expect(text).toContain("Rs.1,23,456.78");
    expect(text).toContain("Spotify, JioSaavn");
    expect(text).toContain("Sep–Oct 2026");
    expect(linkIn(mail!, "http://localhost:3000/wallet")).toBe(
      "http://localhost:3000/wallet/earnings",
    );
    // Ravi was mailed after Quiet was decided: Quiet, who turned them off, got none.
    await smtp.waitFor(earningsMailTo(ravi.artist.email));
    expect(smtp.mails.filter(earningsMailTo(quiet.artist.email))).toHaveLength(0);
    const quietJobs = await db()
      .selectFrom("mail_job")
      .select("payload")
      .where("payload", "like", `%${quiet.artist.email}%`)
      .execute();
    expect(quietJobs).toHaveLength(0);
    // One email each, never a second for the same statement.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.filter(earningsMailTo(asha.artist.email))).toHaveLength(1);
    expect(strangerHeard).toBe(false);
  });

  it("hears a real import: one email, the wallet live, the statement's credit in the wallet", async () => {
    const artist = await createUser(t.app, "Imported Artist");
    const isrc = `IN-W4L-26-${String(Date.now() % 100_000).padStart(5, "0")}`;
    await insertApprovedRelease(db(), artist.id, "Imported Single", [
      { title: "Imported Song", isrc, claim: true },
    ]);
    const socket = await socketOf(artist);
    const heard = nextEvent<WalletChangedEvent>(socket, "wallet:changed", 30_000);
    const { database, events, config } = t.app.ctx;
    const statements = new StatementService({
      database,
      events,
      log: t.app.log,
      defaultRoyaltyBasisPoints: config.statements.defaultRoyaltyBasisPoints,
    });
    const bytes = Buffer.from(
      [
        "ISRC,Store,Country,Sales Month,Quantity,Net Revenue,Currency",
        `${isrc},Spotify,IN,2026-10,1000,100.00,INR`,
        `${isrc},JioSaavn,IN,2026-10,500,50.00,INR`,
        "",
      ].join("\n"),
    );
    const open = () => Promise.resolve(Readable.from([bytes]));
    const created = await statements.createStatement(
      { id: null, name: "real.csv", ownerId: artist.id },
      open,
    );
    if (!created.ok) throw new Error(created.message);
    const { mapping } = await statements.detail(created.id);
    await statements.startPreview(
      created.id,
      { mapping, store: null, saleMonth: null, currency: null, rates: {} },
      { open, size: bytes.length },
    );
    await statements.idle();
    await statements.startImport(created.id, artist.id);
    await statements.idle();

    expect(await heard).toEqual({ reason: "statement" });
    // 85 % of Rs.150.00 by default.
    const [mail] = await smtp.waitFor(earningsMailTo(artist.email));
    expect(mail!.parsed.subject).toBe("You earned Rs.127.50 from Spotify, JioSaavn (Oct 2026)");
    const wallet = await t.app.inject({
      url: "/api/wallet/transactions",
      headers: { cookie: artist.cookie },
    });
    expect(wallet.json().items).toMatchObject([
      {
        kind: "earnings",
        description: "Earnings · Spotify, JioSaavn · Oct 2026",
        amountPaise: 12_750,
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.filter(earningsMailTo(artist.email))).toHaveLength(1);
  });

  it("tells the wallet of a reversal live, without an email", async () => {
    const nila = await artistWithTrack("Nila");
    const socket = await socketOf(nila.artist);
    const { statementId } = await postStatement(db(), [
      {
        artistId: nila.artist.id,
        trackId: nila.trackId,
        store: "Spotify",
        country: "IN",
        saleMonth: "2026-10",
        quantity: 3,
        artistPaise: 900,
      },
    ]);
    const postingId = await reverseStatement(db(), statementId);
    const heard = nextEvent<WalletChangedEvent>(socket, "wallet:changed");
    await t.app.ctx.events.emit("ledger.posted", {
      postingId,
      kind: "reversal",
      statementId,
      artistIds: [nila.artist.id],
    });
    expect(await heard).toEqual({ reason: "reversal" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.filter(earningsMailTo(nila.artist.email))).toHaveLength(0);
  });
});
