import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidLinkMessage } from "../../../shared/links";
import { ORIGIN, createTestApp, signUp, type TestApp } from "../../test/test-app";

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

  it("answers 401 when signed out", async () => {
    expect((await patch("", { bio: "x" })).statusCode).toBe(401);
  });
});
