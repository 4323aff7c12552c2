import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidLinkMessage } from "../../../shared/links";
import { solidPng } from "../../../cli/seed/solid-png";
import { MAX_PROFILE_IMAGE_BYTES } from "../../../shared/profile-schemas";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import { tusUpload } from "../../test/tus-upload";
import { PROFILE_SAVES_PER_MINUTE } from "./routes";
import { ORIGIN, STRONG_PASSWORD, createTestApp, signUp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ url: "/api/me", headers: { cookie } });
const patch = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "PATCH",
    url: "/api/profile",
    headers: { cookie, origin: ORIGIN },
    payload,
  });

describe("PATCH /api/profile", () => {
  it("saves artist name and bio trimmed, and /api/me shows them", async () => {
    const { cookie } = await signUp(t.app);
    const name = await patch(cookie, { artistName: "  Nova Sound  " });
    expect(name.statusCode).toBe(200);
    expect(name.json().artistName).toBe("Nova Sound");
    expect((await patch(cookie, { bio: " Synth pop from Lisbon. " })).statusCode).toBe(200);
    expect((await me(cookie)).json()).toMatchObject({
      artistName: "Nova Sound",
      bio: "Synth pop from Lisbon.",
      username: "Test Artist",
    });
  });

  it("refuses an empty artist name or bio", async () => {
    const { cookie } = await signUp(t.app);
    expect((await patch(cookie, { artistName: "   " })).statusCode).toBe(400);
    expect((await patch(cookie, { bio: "" })).statusCode).toBe(400);
    expect((await me(cookie)).json().artistName).toBe("Test Artist");
  });

  it("normalises links, clears them with an empty value", async () => {
    const { cookie } = await signUp(t.app);
    const saved = await patch(cookie, {
      spotifyUrl: " open.spotify.com/artist/1 ",
      appleMusicUrl: "https://music.apple.com/us/artist/x",
      youtubeUrl: "mailto:band@example.com",
    });
    expect(saved.statusCode).toBe(200);
    expect((await me(cookie)).json()).toMatchObject({
      spotifyUrl: "https://open.spotify.com/artist/1",
      appleMusicUrl: "https://music.apple.com/us/artist/x",
      youtubeUrl: "mailto:band@example.com",
    });
    expect((await patch(cookie, { spotifyUrl: "  " })).statusCode).toBe(200);
    expect((await me(cookie)).json().spotifyUrl).toBeNull();
  });

  it.each([
    ["spotifyUrl", "javascript:alert(1)", "Spotify"],
    ["appleMusicUrl", "data:text/html,<b>x</b>", "Apple Music"],
    ["youtubeUrl", "not a url", "Youtube"],
  ] as const)("refuses %s %j with the provider's message", async (field, value, provider) => {
    const { cookie } = await signUp(t.app);
    const response = await patch(cookie, { [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(invalidLinkMessage(provider));
    expect((await me(cookie)).json()[field]).toBeNull();
  });

  it("refuses fields a client may not write, and an empty body", async () => {
    const { cookie } = await signUp(t.app);
    expect((await patch(cookie, { admin: true })).statusCode).toBe(400);
    expect((await patch(cookie, { email: "x@example.com" })).statusCode).toBe(400);
    expect((await patch(cookie, { profilePicture: "https://evil.test/x.png" })).statusCode).toBe(
      400,
    );
    expect((await patch(cookie, {})).statusCode).toBe(400);
    expect((await me(cookie)).json()).toMatchObject({ admin: false, profilePicture: null });
  });

  it("refuses a user's saves past PROFILE_SAVES_PER_MINUTE with 429, and only theirs", async () => {
    const busy = await createUser(t.app, "Busy Saver");
    const other = await createUser(t.app, "Other Saver");
    const save = (who: TestUser, n: number) =>
      t.app.inject({
        method: "PATCH",
        url: "/api/profile",
        headers: { cookie: who.cookie, origin: ORIGIN },
        payload: { bio: `bio ${n}` },
      });
    for (let n = 0; n < PROFILE_SAVES_PER_MINUTE; n++) {
      expect((await save(busy, n)).statusCode).toBe(200);
    }
    const refused = await save(busy, PROFILE_SAVES_PER_MINUTE);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect((await save(other, 0)).statusCode).toBe(200);
  });

  it("answers 401 when signed out", async () => {
    expect((await patch("", { bio: "x" })).statusCode).toBe(401);
  });
});

describe("profile picture", () => {
  const png = solidPng(8, 8, [20, 120, 200]);
  const avatarMeta = { purpose: "avatar", filename: "me.png", filetype: "image/png" };
  const setPicture = (cookie: string, fileId: string) =>
    t.app.inject({
      method: "PUT",
      url: "/api/profile/picture",
      headers: { cookie, origin: ORIGIN },
      payload: { fileId },
    });
  const getFile = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });

  it("stores an uploaded avatar on the profile; others can see it; replacing deletes the old", async () => {
    const { cookie } = await signUp(t.app);
    const viewer = (await signUp(t.app)).cookie;
    const first = await tusUpload(t.app, cookie, png, avatarMeta);
    expect(first.patch?.statusCode).toBe(200);
    const saved = await setPicture(cookie, first.id!);
    expect(saved.statusCode).toBe(200);
    const firstUrl = `/api/files/${first.id!}`;
    expect((await me(cookie)).json().profilePicture).toBe(firstUrl);
    const seen = await getFile(viewer, firstUrl);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["content-type"]).toBe("image/png");

    const second = await tusUpload(t.app, cookie, png, avatarMeta);
    expect((await setPicture(cookie, second.id!)).statusCode).toBe(200);
    expect((await me(cookie)).json().profilePicture).toBe(`/api/files/${second.id!}`);
    expect((await getFile(cookie, firstUrl)).statusCode).toBe(404);
  });

  it("keeps the user's avatar upload in progress when another picture is saved", async () => {
    const { cookie } = await signUp(t.app);
    const pending = await tusUpload(t.app, cookie, png, avatarMeta, png.length + 10);
    expect(pending.patch?.statusCode).toBe(204);
    const done = await tusUpload(t.app, cookie, png, avatarMeta);
    expect((await setPicture(cookie, done.id!)).statusCode).toBe(200);
    const head = await t.app.inject({
      method: "HEAD",
      url: pending.create.headers.location as string,
      headers: { cookie, "tus-resumable": "1.0.0" },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers["upload-offset"]).toBe(String(png.length));
  });

  it("accepts only the caller's own finished avatar uploads", async () => {
    const { cookie } = await signUp(t.app);
    const other = (await signUp(t.app)).cookie;
    const theirs = await tusUpload(t.app, other, png, avatarMeta);
    const response = await setPicture(cookie, theirs.id!);
    expect(response.statusCode).toBe(404);
    expect((await setPicture(cookie, "no-such-file")).statusCode).toBe(404);
    expect((await setPicture(cookie, "")).statusCode).toBe(400);
    expect((await me(cookie)).json().profilePicture).toBeNull();
  });

  it("refuses an oversize picture when the upload is created", async () => {
    const { cookie } = await signUp(t.app);
    const result = await tusUpload(t.app, cookie, png, avatarMeta, MAX_PROFILE_IMAGE_BYTES + 1);
    expect(result.create.statusCode).toBe(413);
  });

  it("refuses bytes that are not an image even when the client claims image/png", async () => {
    const { cookie } = await signUp(t.app);
    const text = Buffer.from("<script>alert(1)</script>".repeat(20));
    const result = await tusUpload(t.app, cookie, text, avatarMeta);
    expect(result.create.statusCode).toBe(201);
    expect(result.patch?.statusCode).toBe(415);
    expect((await setPicture(cookie, result.id!)).statusCode).toBe(404);
  });

  it("deleting the account removes the picture for everyone", async () => {
    const { cookie } = await signUp(t.app);
    const viewer = (await signUp(t.app)).cookie;
    const upload = await tusUpload(t.app, cookie, png, avatarMeta);
    await setPicture(cookie, upload.id!);
    const url = `/api/files/${upload.id!}`;
    expect((await getFile(viewer, url)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: "POST",
      url: "/api/account/delete",
      headers: { cookie, origin: ORIGIN },
      payload: { password: STRONG_PASSWORD, confirm: "DELETE" },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await getFile(viewer, url)).statusCode).toBe(404);
    const rows = await t.app.ctx.database.db
      .selectFrom("stored_file")
      .select("id")
      .where("id", "=", upload.id!)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe("GET /api/session", () => {
  it("answers 200 with the signed-in user, and 200 with null when nobody is", async () => {
    const { cookie } = await signUp(t.app);
    const signedIn = await t.app.inject({ url: "/api/session", headers: { cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["cache-control"]).toBe("no-store");
    expect(signedIn.json()).toEqual({ user: (await me(cookie)).json() });
    const signedOut = await t.app.inject({ url: "/api/session" });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ user: null });
    // A cookie that names no session is nobody, not an error.
    const stale = await t.app.inject({
      url: "/api/session",
      headers: { cookie: "better-auth.session_token=nothing.signed" },
    });
    expect(stale.json()).toEqual({ user: null });
  });
});
