import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, connected, listen } from "../../test/chat-test-helpers";
import {
  ORIGIN,
  STRONG_PASSWORD,
  cookieFrom,
  createTestApp,
  signUp,
  type TestApp,
} from "../../test/test-app";
import type { AccountSession } from "../../../shared/sessions";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t.close();
});

async function signInFrom(email: string, userAgent: string, remoteAddress: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: ORIGIN, "user-agent": userAgent },
    payload: { email, password: STRONG_PASSWORD },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  return cookieFrom(response);
}
const list = async (cookie: string) =>
  (await t.app.inject({ url: "/api/account/sessions", headers: { cookie } })).json<{
    sessions: AccountSession[];
  }>().sessions;
const signedIn = async (cookie: string) =>
  (await t.app.inject({ url: "/api/me", headers: { cookie } })).statusCode === 200;
const call = (method: "DELETE" | "POST", path: string, cookie: string) =>
  t.app.inject({ method, url: path, headers: { cookie, origin: ORIGIN } });

describe("active sessions", () => {
  it("lists each browser with device, IP, last seen and which one is this device", async () => {
    const { email } = await signUp(t.app);
    const laptop = await signInFrom(email, CHROME, "198.51.100.1");
    await signInFrom(email, FIREFOX, "198.51.100.2");
    const sessions = await list(laptop);
    const mine = sessions.filter((s) => s.ipAddress?.startsWith("198.51.100."));
    expect(mine).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      current: true,
      device: "Chrome on Linux",
      ipAddress: "198.51.100.1",
    });
    expect(mine[1]).toMatchObject({
      current: false,
      device: "Firefox on Windows",
      ipAddress: "198.51.100.2",
    });
    expect(Math.abs(sessions[0]!.lastSeenAt - Date.now())).toBeLessThan(60_000);
    expect(sessions).toHaveLength(3); // and the sign-up's own session
  });

  it("signs out one other browser: its requests and its open socket end at once", async () => {
    const { email } = await signUp(t.app);
    const here = await signInFrom(email, CHROME, "198.51.100.3");
    const there = await signInFrom(email, FIREFOX, "198.51.100.4");
    const socket = connectSocket(url, there);
    sockets.push(socket);
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));

    const other = (await list(here)).find((s) => s.ipAddress === "198.51.100.4")!;
    expect((await call("DELETE", `/api/account/sessions/${other.id}`, here)).statusCode).toBe(200);
    expect(await closed).toBe("io server disconnect");
    expect(await signedIn(there)).toBe(false);
    expect(await signedIn(here)).toBe(true);
    // Twice: it is gone.
    expect((await call("DELETE", `/api/account/sessions/${other.id}`, here)).statusCode).toBe(404);
    // This device is signed out with Log out, not here.
    const current = (await list(here)).find((s) => s.current)!;
    expect((await call("DELETE", `/api/account/sessions/${current.id}`, here)).statusCode).toBe(
      400,
    );
  });

  it("never ends another account's session", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const bSession = (await list(b.cookie)).find((s) => s.current)!;
    const answer = await call("DELETE", `/api/account/sessions/${bSession.id}`, a.cookie);
    expect(answer.statusCode).toBe(404);
    expect(await signedIn(b.cookie)).toBe(true);
  });

  it("signs out everywhere else, keeping this browser", async () => {
    const { email, cookie } = await signUp(t.app);
    const others = [
      await signInFrom(email, FIREFOX, "198.51.100.5"),
      await signInFrom(email, CHROME, "198.51.100.6"),
    ];
    const answer = await call("POST", "/api/account/sessions/sign-out-others", cookie);
    expect(answer.json()).toEqual({ ok: true, ended: 2 });
    for (const other of others) expect(await signedIn(other)).toBe(false);
    expect(await signedIn(cookie)).toBe(true);
    expect(await list(cookie)).toHaveLength(1);
  });
});
