import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { DomainEvents } from "../events/domain-events";
import type { Auth } from "./auth";
import { serializeSignedCookie } from "better-call";
import { SessionReader, sessionCookie, verifiedToken } from "./session-reader";

/** better-auth's getSession, faked: token "u1-a" is user u1's session a. */
function fakeAuth() {
  const getSession = vi.fn(({ headers }: { headers: Headers }) => {
    const token = /session_token=([^;]+)/.exec(headers.get("cookie") ?? "")![1]!;
    const [userId, sessionId] = token.split("-");
    return Promise.resolve({
      user: { id: userId, email: `${userId}@x.test`, name: userId, createdAt: new Date(0) },
      session: { id: `${userId}-${sessionId}`, expiresAt: new Date(Date.now() + 3_600_000) },
    });
  });
  return { auth: { api: { getSession } } as unknown as Auth, getSession };
}

const headers = (token: string) => ({ cookie: `better-auth.session_token=${token}` });

describe("SessionReader", () => {
  it("asks better-auth once per session, then drops exactly the revoked ones", async () => {
    const events = new DomainEvents(pino({ level: "silent" }));
    const { auth, getSession } = fakeAuth();
    const reader = new SessionReader(auth, events);
    for (const token of ["u1-a", "u1-b", "u2-a"]) await reader.read(headers(token));
    for (const token of ["u1-a", "u1-b", "u2-a"]) await reader.read(headers(token));
    expect(getSession).toHaveBeenCalledTimes(3);
    expect(reader.size).toBe(3);

    await events.emit("session.ended", { userId: "u1", sessionId: "u1-a" });
    expect(reader.size).toBe(2);
    await events.emit("user.passwordChanged", { userId: "u1", email: "u1@x.test", at: 0 });
    expect(reader.size).toBe(1);

    await reader.read(headers("u1-b"));
    await reader.read(headers("u2-a"));
    // u1's session was asked again; u2's still came from the cache.
    expect(getSession).toHaveBeenCalledTimes(4);
    await events.emit("user.deleted", { userId: "u2", email: "u2@x.test" });
    await events.emit("user.deleted", { userId: "u1", email: "u1@x.test" });
    expect(reader.size).toBe(0);
  });
});

describe("sessionCookie", () => {
  it("finds the session cookie among others, under either name, the first one if repeated", () => {
    const name = "better-auth.session_token";
    expect(sessionCookie(`${name}=abc.sig`)).toBe("abc.sig");
    expect(sessionCookie(`theme=dark; ${name}=abc.sig; x=1`)).toBe("abc.sig");
    expect(sessionCookie(`a=1;${name} = abc.sig ;b=2`)).toBe("abc.sig");
    expect(sessionCookie(`__Secure-${name}=sec.sig`)).toBe("sec.sig");
    expect(sessionCookie(`${name}=first; ${name}=second`)).toBe("first");
    expect(sessionCookie(`x${name}=no; ${name}x=no; flag; ${name}=`)).toBeUndefined();
    expect(sessionCookie(`x=a=b; ${name}=v=w`)).toBe("v=w");
    expect(sessionCookie("")).toBeUndefined();
    expect(sessionCookie(undefined)).toBeUndefined();
  });
});

describe("verifiedToken", () => {
  const secret = "a-test-secret-of-at-least-32-characters";

  /** The Cookie header a browser sends back for better-call's own signed cookie. */
  async function signedByLibrary(token: string, key = secret): Promise<string> {
    const setCookie = await serializeSignedCookie("better-auth.session_token", token, key);
    return setCookie.split(";")[0]!;
  }

  it("accepts the session token better-call signed with the secret", async () => {
    const value = sessionCookie(await signedByLibrary("tok3n_abc"));
    expect(value).toBeDefined();
    expect(verifiedToken(value!, secret)).toBe("tok3n_abc");
  });

  it("refuses another secret's signature, a changed token and a missing signature", async () => {
    const value = sessionCookie(await signedByLibrary("tok3n_abc"))!;
    const other = sessionCookie(await signedByLibrary("tok3n_abc", `${secret}-other`))!;
    expect(verifiedToken(other, secret)).toBeNull();
    expect(verifiedToken(value.replace("tok3n_abc", "tok3n_abd"), secret)).toBeNull();
    expect(verifiedToken("tok3n_abc", secret)).toBeNull();
    expect(verifiedToken(".sig", secret)).toBeNull();
  });
});
