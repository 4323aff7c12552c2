import { randomUUID } from "node:crypto";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, STRONG_PASSWORD, createTestApp, type TestApp } from "../../test/test-app";
import { linkIn, startSmtpTestServer, type SmtpTestServer } from "../../test/smtp-test-server";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  send,
  type TestUser,
} from "../../test/chat-test-helpers";
import { chatRoomId } from "../../../shared/chat";
import {
  EMAIL_CHANGED_SUBJECT,
  PASSWORD_CHANGED_SUBJECT,
} from "../../mail/templates/security-notice-mail";
import { UNSUBSCRIBE_LINK_INVALID_MESSAGE } from "../../../shared/mail-preferences";
import { deleteAccount } from "../account/service";
import { removeChatData } from "../conversations/messages/chat-user-data";

let t: TestApp;
let smtp: SmtpTestServer;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({}, undefined, undefined, {
    SMTP_URL: smtp.url,
    NOTIFY_UNREAD_AFTER_SECONDS: "1",
  });
  url = await listen(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
  await smtp.close();
});

async function socketOf(user: TestUser) {
  const socket = connectSocket(url, user.cookie);
  sockets.push(socket);
  await connected(socket);
  return socket;
}
const post = (path: string, cookie: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: "POST", url: path, headers: { cookie, origin: ORIGIN }, payload });
const openRoom = (user: TestUser, peerId: string) =>
  t.app.inject({
    method: "PUT",
    url: `/api/chat/rooms/with/${peerId}`,
    headers: { cookie: user.cookie, origin: ORIGIN },
  });
const unreadTo = (email: string) => (m: (typeof smtp.mails)[number]) =>
  m.rcptTo.includes(email) && /new messages? from/i.test(m.parsed.subject ?? "");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("unread-message notices", () => {
  it("mails the recipient once per conversation with the unread messages, a link and unsubscribe headers", async () => {
    const artist = await createUser(t.app, "Nova\r\nBcc: evil@example.test");
    const agent = await createUser(t.app, "Alex Support", true);
    expect((await openRoom(artist, agent.id)).statusCode).toBe(200);
    const roomId = chatRoomId(artist.id, agent.id);
    const socket = await socketOf(artist);
    const long = "x".repeat(400);
    expect(
      await send(socket, { id: randomUUID(), roomId, text: "Hello, is my song out?" }),
    ).toMatchObject({ ok: true });
    expect(await send(socket, { id: randomUUID(), roomId, text: long })).toMatchObject({
      ok: true,
    });

    const [mail] = await smtp.waitFor(unreadTo(agent.email));
    const m = mail!;
    // The CR/LF in the sender's name stayed inside the subject: no Bcc header, one recipient.
    expect(m.rcptTo).toEqual([agent.email]);
    expect(m.parsed.headers.has("bcc")).toBe(false);
    expect(m.raw.split("\r\n\r\n")[0]).not.toMatch(/^bcc:/im);
    expect(m.parsed.subject).toBe(
      "2 new messages from Nova Bcc: evil@example.test on Artist Portal",
    );
    expect(m.parsed.text).toContain("Hello, is my song out?");
    expect(m.parsed.text).toContain(`${"x".repeat(300)}…`);
    expect(m.parsed.text).not.toContain("x".repeat(301));
    expect(m.parsed.html).toContain("Hello, is my song out?");
    expect(linkIn(m, "http://localhost:3000/inbox/")).toBe(
      `http://localhost:3000/inbox/${artist.id}?room=${chatRoomId(artist.id, agent.id)}`,
    );
    // Unfolded header lines, exactly as the relay received them.
    const head = m.raw.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");
    const listUnsubscribe = /^List-Unsubscribe: (.*)$/m.exec(head)?.[1] ?? "";
    expect(listUnsubscribe).toMatch(
      /^<http:\/\/localhost:3000\/api\/mail\/unsubscribe\?token=[^>]+>$/,
    );
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // A third message before the agent reads: no second mail for this conversation.
    await send(socket, { id: randomUUID(), roomId, text: "Anyone?" });
    await sleep(2500);
    expect(smtp.mails.filter(unreadTo(agent.email))).toHaveLength(1);

    // Read, then a new message: a new notice is allowed.
    expect((await post(`/api/chat/rooms/${roomId}/read`, agent.cookie)).statusCode).toBe(200);
    await send(socket, { id: randomUUID(), roomId, text: "Following up" });
    const both = await smtp.waitFor(unreadTo(agent.email), 2);
    expect(both[1]!.parsed.text).toContain("Following up");
    expect(both[1]!.parsed.text).not.toContain("Anyone?");

    // One-click unsubscribe, signed out, as a mail client posts it.
    const oneClick = listUnsubscribe.slice(1, -1).replace("http://localhost:3000", "");
    const unsub = await t.app.inject({
      method: "POST",
      url: oneClick,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(unsub.statusCode).toBe(200);
    const prefs = await t.app.inject({
      url: "/api/mail/preferences",
      headers: { cookie: agent.cookie },
    });
    expect(prefs.json()).toEqual({
      unreadNotices: false,
      songStatusNotices: true,
      earningsEmails: true,
    });
    await post(`/api/chat/rooms/${roomId}/read`, agent.cookie);
    await send(socket, { id: randomUUID(), roomId, text: "Still there?" });
    await sleep(2500);
    expect(smtp.mails.filter(unreadTo(agent.email))).toHaveLength(2);
  });

  it("sends nothing when the message is read in time, and notifies artists about agents' replies", async () => {
    const artist = await createUser(t.app, "Quick Reader");
    const agent = await createUser(t.app, "Riley Agent", true);
    await openRoom(agent, artist.id);
    const roomId = chatRoomId(artist.id, agent.id);
    const agentSocket = await socketOf(agent);
    await send(agentSocket, { id: randomUUID(), roomId, text: "Read me quickly" });
    await post(`/api/chat/rooms/${roomId}/read`, artist.cookie);
    await sleep(2500);
    expect(smtp.mails.filter(unreadTo(artist.email))).toHaveLength(0);

    await send(agentSocket, { id: randomUUID(), roomId, text: "Your song is live" });
    const [mail] = await smtp.waitFor(unreadTo(artist.email));
    expect(mail!.parsed.subject).toBe("New message from Riley Agent on Artist Portal");
    expect(linkIn(mail!, "http://localhost:3000/chat/")).toBe(
      `http://localhost:3000/chat/${agent.id}`,
    );
  });

  it("never mails a deleted account", async () => {
    const artist = await createUser(t.app, "Leaving Soon");
    const agent = await createUser(t.app, "Morgan Agent", true);
    await openRoom(artist, agent.id);
    const roomId = chatRoomId(artist.id, agent.id);
    const agentSocket = await socketOf(agent);
    await send(agentSocket, { id: randomUUID(), roomId, text: "Goodbye?" });
    // Deleted right away (the HTTP route's password check could outlast the 1 s delay).
    await deleteAccount(t.app.ctx.database.db, [removeChatData], artist.id, { now: Date.now() });
    await sleep(2500);
    expect(smtp.mails.filter(smtp.to(artist.email))).toHaveLength(0);
  });

  it("refuses forged, malformed and other users' unsubscribe tokens and keeps the setting", async () => {
    const a = await createUser(t.app, "Token Owner");
    const bad = ["nope", `${a.id}.${"A".repeat(43)}`, `${a.id}x.${"A".repeat(43)}`];
    for (const token of bad) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: UNSUBSCRIBE_LINK_INVALID_MESSAGE });
    }
    const prefs = await t.app.inject({
      url: "/api/mail/preferences",
      headers: { cookie: a.cookie },
    });
    expect(prefs.json()).toEqual({
      unreadNotices: true,
      songStatusNotices: true,
      earningsEmails: true,
    });
    const put = (payload: unknown) =>
      t.app.inject({
        method: "PUT",
        url: "/api/mail/preferences",
        headers: { cookie: a.cookie, origin: ORIGIN },
        payload: payload as Record<string, unknown>,
      });
    expect((await put({ unreadNotices: "no" })).statusCode).toBe(400);
    expect((await put({})).statusCode).toBe(400);
    expect((await put({ unreadNotices: false })).json()).toEqual({
      unreadNotices: false,
      songStatusNotices: true,
      earningsEmails: true,
    });
    expect((await t.app.inject({ url: "/api/mail/preferences" })).statusCode).toBe(401);
  });
});

describe("security notices", () => {
  it("mails the account after a password change and the old address after an email change", async () => {
    const user = await createUser(t.app, "Safe Artist");
    const changed = await post("/api/account/change-password", user.cookie, {
      currentPassword: STRONG_PASSWORD,
      newPassword: "Fresh-pass1!",
      confirmPassword: "Fresh-pass1!",
    });
    expect(changed.statusCode).toBe(200);
    const [pw] = await smtp.waitFor(
      (m) => m.rcptTo.includes(user.email) && m.parsed.subject === PASSWORD_CHANGED_SUBJECT,
    );
    expect(pw!.parsed.text).toContain("changed in Settings");
    expect(pw!.parsed.text).toMatch(/UTC/);

    const cookie = String(changed.headers["set-cookie"] ?? "").split(";")[0]!;
    const newEmail = `moved-${Date.now()}@example.test`;
    const moved = await post("/api/account/change-email", cookie, {
      password: "Fresh-pass1!",
      newEmail,
    });
    expect(moved.statusCode).toBe(200);
    const [em] = await smtp.waitFor(
      (m) => m.rcptTo.includes(user.email) && m.parsed.subject === EMAIL_CHANGED_SUBJECT,
    );
    expect(em!.parsed.text).toContain(newEmail);
    expect(em!.parsed.text).toContain("If this was not you");
    // The new address is told too (email-change-safety.integration.test.ts).
  });
});
