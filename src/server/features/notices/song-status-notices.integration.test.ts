/**
 * A song's status change reaches its artist by email: the song, the new
 * status, the reason, a link to the song page; and a switch turns it off.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, createTestApp, type TestApp } from "../../test/test-app";
import { linkIn, startSmtpTestServer, type SmtpTestServer } from "../../test/smtp-test-server";
import { createUser, type TestUser } from "../../test/chat-test-helpers";

let t: TestApp;
let smtp: SmtpTestServer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({}, undefined, undefined, { SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const request = (method: "POST" | "PUT" | "GET", url: string, cookie: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie, origin: ORIGIN },
    ...(payload ? { payload } : {}),
  });

async function createSong(agent: TestUser, artistId: string, type: string) {
  const response = await request("POST", "/api/desk/songs", agent.cookie, {
    artistId,
    type,
    status: "pending",
    artist: "Nova",
    date: "2024-05-01",
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; version: number }>();
}

const changeStatus = (
  agent: TestUser,
  song: { id: string; version: number },
  artistId: string,
  change: Record<string, unknown>,
) =>
  request("PUT", `/api/desk/songs/${song.id}`, agent.cookie, {
    artistId,
    type: "Night Drive",
    artist: "Nova",
    date: "2024-05-01",
    version: song.version,
    ...change,
  });

const statusMailTo = (email: string) => (m: (typeof smtp.mails)[number]) =>
  m.rcptTo.includes(email) && /" is now /.test(m.parsed.subject ?? "");

describe("song status emails", () => {
  it("tell the artist the song, the new status and the reason, and link the song page", async () => {
    const artist = await createUser(t.app, "Nova Status");
    const agent = await createUser(t.app, "Alex Desk", true);
    const song = await createSong(agent, artist.id, "Night Drive");
    const saved = await changeStatus(agent, song, artist.id, {
      status: "rejected",
      rejectionReason: "artwork",
      statusNote: "The cover shows a web address.",
    });
    expect(saved.statusCode).toBe(200);

    const [mail] = await smtp.waitFor(statusMailTo(artist.email));
    expect(mail!.rcptTo).toEqual([artist.email]);
    expect(mail!.parsed.subject).toBe('"Night Drive" is now Rejected');
    const text = mail!.parsed.text ?? "";
    expect(text).toContain("Night Drive");
    expect(text).toContain("Rejected");
    expect(text).toContain("Artwork");
    expect(text).toContain("The cover shows a web address.");
    expect(linkIn(mail!, "http://localhost:3000/song/")).toBe(
      `http://localhost:3000/song/${song.id}`,
    );
    expect(text).not.toContain("/chat/");
    const row = await t.app.ctx.database.db
      .selectFrom("song_status_event")
      .select("emailedAt")
      .where("songId", "=", song.id)
      .where("toStatus", "=", "rejected")
      .executeTakeFirstOrThrow();
    expect(row.emailedAt).not.toBeNull();
  });

  it("stop when the artist turns them off, while unread emails stay on", async () => {
    const artist = await createUser(t.app, "Quiet Artist");
    const agent = await createUser(t.app, "Sam Desk", true);
    const off = await request("PUT", "/api/mail/preferences", artist.cookie, {
      songStatusNotices: false,
    });
    expect(off.json()).toEqual({
      unreadNotices: true,
      songStatusNotices: false,
      earningsEmails: true,
    });
    expect((await request("GET", "/api/mail/preferences", artist.cookie)).json()).toEqual({
      unreadNotices: true,
      songStatusNotices: false,
      earningsEmails: true,
    });

    const song = await createSong(agent, artist.id, "Quiet Song");
    expect((await changeStatus(agent, song, artist.id, { status: "released" })).statusCode).toBe(
      200,
    );
    // The change was recorded and, being unwanted, never mailed.
    const row = await t.app.ctx.database.db
      .selectFrom("song_status_event")
      .select("emailedAt")
      .where("songId", "=", song.id)
      .where("toStatus", "=", "released")
      .executeTakeFirstOrThrow();
    expect(row.emailedAt).toBeNull();
    expect(smtp.mails.filter(statusMailTo(artist.email))).toEqual([]);
  });
});
