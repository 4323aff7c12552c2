import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pictureLinks } from "./route-data-links";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUserIdByEmail, setAdmin } from "../features/users/user-accounts";
import { ORIGIN, createTestApp, signUp, type TestApp } from "../test/test-app";

const theme = "document.documentElement.classList.add('x')";
const css = "body{margin:0}";
const hash = (s: string) => `'sha256-${crypto.createHash("sha256").update(s).digest("base64")}'`;

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "web-pages-"));
  fs.mkdirSync(path.join(webRoot, "pages"));
  const page = (body: string) =>
    `<!doctype html><style>${css}</style><script>${theme}</script><div id=root>${body}</div>`;
  fs.writeFileSync(path.join(webRoot, "index.html"), page(""));
  fs.writeFileSync(path.join(webRoot, "pages", "login.html"), page("<form>login</form>"));
  fs.writeFileSync(path.join(webRoot, "pages", "song.html"), page("song"));
  fs.writeFileSync(path.join(webRoot, "pages", "home.html"), page("home"));
  fs.writeFileSync(path.join(webRoot, "pages", "chat.html"), page("chat"));
  fs.writeFileSync(
    path.join(webRoot, "pages", "routes.json"),
    JSON.stringify([
      { path: "/login", file: "pages/login.html" },
      {
        path: "/song/:id",
        file: "pages/song.html",
        data: { artist: ["/api/songs/__id__", "/api/songs/notices"] },
      },
      {
        path: "/chat/:peerId",
        file: "pages/chat.html",
        data: { artist: ["/api/chat/rooms/__roomId__/messages", "/api/songs/notices"] },
      },
      {
        path: "/inbox/:peerId",
        file: "pages/chat.html",
        data: { agent: ["/api/chat/rooms/__roomId__/messages"] },
      },
      {
        path: "/",
        file: "pages/home.html",
        data: {
          artist: ["/api/chat/contacts?q="],
          agent: ["/api/desk/conversations?view=mine&q="],
        },
      },
    ]),
  );
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe("built pages", () => {
  it("answers each route with its own page, and unknown routes with index.html", async () => {
    expect((await t.app.inject({ url: "/login" })).body).toContain("<form>login</form>");
    expect((await t.app.inject({ url: "/song/abc?x=1" })).body).toContain(">song</div>");
    const other = await t.app.inject({ url: "/settings" });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain("<div id=root></div>");
    expect(other.headers["cache-control"]).toBe("no-cache");
  });

  it("allows the inline theme script and stylesheet by hash, and nothing else inline", async () => {
    const csp = String((await t.app.inject({ url: "/login" })).headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' ${hash(theme)};`);
    expect(csp).toContain(`style-src 'self' ${hash(css)};`);
    expect(csp).not.toContain("unsafe-inline");
  });
});

describe("a signed-in screen's first API answers", () => {
  const preload = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`;

  it("are preloaded by a Link header for the visitor's role, never for a signed-out one", async () => {
    const artist = await signUp(t.app);
    const agent = await signUp(t.app);
    await setAdmin(
      t.app.ctx.database,
      (await findUserIdByEmail(t.app.ctx.database, agent.email))!,
      true,
    );

    const signedOut = await t.app.inject({ url: "/song/s1" });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.headers.link).toBeUndefined();
    const forged = await t.app.inject({
      url: "/song/s1",
      headers: { cookie: "better-auth.session_token=forged.value" },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.headers.link).toBeUndefined();

    const song = await t.app.inject({ url: "/song/a%2Fb", headers: { cookie: artist.cookie } });
    expect(song.body).toContain(">song</div>");
    expect(song.headers.link).toBe(
      `${preload("/api/songs/a%2Fb")}, ${preload("/api/songs/notices")}`,
    );
    expect(String(song.headers.vary)).toMatch(/cookie/);
    // Filters in the query string ask for other answers than the defaults listed.
    const filtered = await t.app.inject({
      url: "/song/s1?x=1",
      headers: { cookie: artist.cookie },
    });
    expect(filtered.headers.link).toBeUndefined();

    const home = (cookie: string) => t.app.inject({ url: "/", headers: { cookie } });
    expect((await home(artist.cookie)).headers.link).toBe(preload("/api/chat/contacts?q="));
    expect((await home(agent.cookie)).headers.link).toBe(
      preload("/api/desk/conversations?view=mine&q="),
    );
    // A screen with nothing listed for the role: no header.
    expect(
      (await t.app.inject({ url: "/song/s1", headers: { cookie: agent.cookie } })).headers.link,
    ).toBeUndefined();
  });

  it("keep a parameter inside its address: nothing can end the <…> or add a link", async () => {
    const artist = await signUp(t.app);
    const response = await t.app.inject({
      url: `/song/${encodeURIComponent("x>; rel=stylesheet, <evil")}`,
      headers: { cookie: artist.cookie },
    });
    const link = String(response.headers.link);
    expect(link.startsWith(preload("/api/songs/x%3E%3B%20rel%3Dstylesheet%2C%20%3Cevil"))).toBe(
      true,
    );
    expect(link.match(/</g)).toHaveLength(2);
  });

  it("preload a conversation's messages when its room exists, for a member or an agent only", async () => {
    const signUpUser = async (admin: boolean) => {
      const user = await signUp(t.app);
      const id = (await findUserIdByEmail(t.app.ctx.database, user.email))!;
      if (admin) await setAdmin(t.app.ctx.database, id, true);
      return { ...user, id };
    };
    const artist = await signUpUser(false);
    const other = await signUpUser(false);
    const agent = await signUpUser(true);
    const teammate = await signUpUser(true);
    const page = (url: string, cookie: string) =>
      t.app.inject({ url, headers: { cookie } }).then((r) => r.headers.link);
    const messages = (roomId: string) =>
      preload(`/api/chat/rooms/${encodeURIComponent(roomId)}/messages`);

    // No room yet: only what needs no room.
    expect(await page(`/chat/${agent.id}`, artist.cookie)).toBe(preload("/api/songs/notices"));
    expect(await page(`/inbox/${artist.id}`, agent.cookie)).toBeUndefined();

    const opened = await t.app.inject({
      method: "PUT",
      url: `/api/chat/rooms/with/${agent.id}`,
      headers: { cookie: artist.cookie, origin: ORIGIN },
    });
    expect(opened.statusCode).toBe(200);
    const { roomId } = opened.json<{ roomId: string }>();

    expect(await page(`/chat/${agent.id}`, artist.cookie)).toBe(
      `${messages(roomId)}, ${preload("/api/songs/notices")}`,
    );
    // Every agent of the desk opens the artist's room.
    expect(await page(`/inbox/${artist.id}`, agent.cookie)).toBe(messages(roomId));
    expect(await page(`/inbox/${artist.id}`, teammate.cookie)).toBe(messages(roomId));
    // Another artist never learns a room they are not in.
    expect(await page(`/chat/${agent.id}`, other.cookie)).toBe(preload("/api/songs/notices"));
    expect(await page(`/chat/${other.id}`, artist.cookie)).toBe(preload("/api/songs/notices"));
    // An agent's own id, or another agent's, names no artist's room.
    expect(await page(`/inbox/${teammate.id}`, agent.cookie)).toBeUndefined();
    expect(await page(`/inbox/${agent.id}`, agent.cookie)).toBeUndefined();
  });

  it("preload a conversation's newest picture, as its side of the thread shows it", async () => {
    const artist = await signUp(t.app);
    const artistId = (await findUserIdByEmail(t.app.ctx.database, artist.email))!;
    const agent = await signUp(t.app);
    const agentId = (await findUserIdByEmail(t.app.ctx.database, agent.email))!;
    await setAdmin(t.app.ctx.database, agentId, true);
    const opened = await t.app.inject({
      method: "PUT",
      url: `/api/chat/rooms/with/${agentId}`,
      headers: { cookie: artist.cookie, origin: ORIGIN },
    });
    const { roomId } = opened.json<{ roomId: string }>();
    const page = (url: string, cookie: string) =>
      t.app.inject({ url, headers: { cookie } }).then((r) => String(r.headers.link));
    const picture = (id: string) => pictureLinks([`/api/files/${id}`]).join("");
    let seq = 0;
    const add = (fields: { kind?: string; fileId?: string; fileUrl?: string }) =>
      t.app.ctx.database.db
        .insertInto("message")
        .values({
          id: crypto.randomUUID(),
          roomId,
          seq: ++seq,
          senderId: artistId,
          senderName: "Artist",
          text: "",
          createdAt: Date.now(),
          status: "sent",
          fromMsgNum: 0,
          toMsgNum: 1,
          fileId: fields.fileId ?? null,
          fileUrl: fields.fileUrl ?? null,
          fileType: fields.fileUrl ? "image" : null,
          kind: fields.kind ?? "text",
        })
        .execute();

    // No picture in the thread: the messages only.
    await add({});
    expect(await page(`/chat/${agentId}`, artist.cookie)).not.toContain("as=image");

    // The newest of two pictures, followed by text.
    await add({ fileId: "older0picture", fileUrl: "/api/files/older0picture" });
    await add({ fileId: "newest0picture", fileUrl: "/api/files/newest0picture" });
    await add({});
    const artistLinks = await page(`/chat/${agentId}`, artist.cookie);
    expect(artistLinks).toContain(picture("newest0picture"));
    expect(artistLinks).not.toContain("older0picture");
    expect(await page(`/inbox/${artistId}`, agent.cookie)).toContain(picture("newest0picture"));

    // A picture in an internal note: the agents' newest, never the artist's.
    await add({ kind: "note", fileId: "note0picture", fileUrl: "/api/files/note0picture" });
    expect(await page(`/inbox/${artistId}`, agent.cookie)).toContain(picture("note0picture"));
    const artistNow = await page(`/chat/${agentId}`, artist.cookie);
    expect(artistNow).toContain(picture("newest0picture"));
    expect(artistNow).not.toContain("note0picture");
  });
});
