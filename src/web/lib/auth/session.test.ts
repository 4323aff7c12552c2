import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api-client";
import { fetchSessionUser } from "./session";
import { lastKnownUser } from "./last-user";

const user = {
  id: "u1",
  email: "nova@example.test",
  username: "nova",
  artistName: "Nova",
  admin: false,
  createdAt: { year: 2026, month: 11, day: 12 },
  bio: null,
  profilePicture: null,
  spotifyUrl: null,
  appleMusicUrl: null,
  youtubeUrl: null,
};

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

beforeEach(() => {
  const stored = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("the session check", () => {
  it("answers the last known user when the network is down, and believes every server answer", async () => {
    // Online: the server's user is remembered on the device.
    vi.stubGlobal("fetch", () => answer(200, { user }));
    expect(await fetchSessionUser()).toMatchObject({ id: "u1" });

    // Offline (fetch fails): not signed out, the last user is answered.
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    expect(await fetchSessionUser()).toMatchObject({ id: "u1" });

    // The server refuses the session: signed out, and forgotten on the device.
    vi.stubGlobal("fetch", () => answer(401, { message: "Please sign in to continue." }));
    await expect(fetchSessionUser()).rejects.toBeInstanceOf(ApiError);
    expect(lastKnownUser()).toBeNull();
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(fetchSessionUser()).rejects.toBeInstanceOf(TypeError);
  });

  it("forgets the user when the server answers that no one is signed in", async () => {
    vi.stubGlobal("fetch", () => answer(200, { user }));
    await fetchSessionUser();
    vi.stubGlobal("fetch", () => answer(200, { user: null }));
    expect(await fetchSessionUser()).toBeNull();
    expect(lastKnownUser()).toBeNull();
  });
});
