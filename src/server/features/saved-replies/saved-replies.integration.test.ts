import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHORTCUT_TAKEN, type SavedReply } from "../../../shared/saved-replies";
import { createTestApp, ORIGIN, type TestApp } from "../../test/test-app";
import { createUser, type TestUser } from "../../test/chat-test-helpers";

let t: TestApp;
let app: FastifyInstance;
let agent: TestUser;
let artist: TestUser;

const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  user: TestUser,
  payload?: object,
) => app.inject({ method, url, headers: { cookie: user.cookie, origin: ORIGIN }, payload });

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  agent = await createUser(app, "Reply Agent", true);
  artist = await createUser(app, "Reply Artist");
});
afterAll(() => t.close());

describe("saved replies", () => {
  it("agents add, list, change and remove them; the leading / is not part of the shortcut", async () => {
    const created = await call("POST", "/api/saved-replies", agent, {
      shortcut: "/thanks",
      text: "Thanks {{artist.name}}!",
    });
    expect(created.statusCode).toBe(201);
    const reply = created.json<SavedReply>();
    expect(reply.shortcut).toBe("thanks");
    const changed = await call("PUT", `/api/saved-replies/${reply.id}`, agent, {
      shortcut: "ty",
      text: "Thank you, {{artist.name}}.",
    });
    expect(changed.json<SavedReply>()).toMatchObject({ shortcut: "ty" });
    const list = await call("GET", "/api/saved-replies", agent);
    expect(list.json<SavedReply[]>().map((r) => r.shortcut)).toContain("ty");
    expect((await call("DELETE", `/api/saved-replies/${reply.id}`, agent)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/saved-replies/${reply.id}`, agent)).statusCode).toBe(404);
  });

  it("refuses a taken shortcut (any case), spaces, too long or empty, and over 4,000 characters, changing nothing", async () => {
    await call("POST", "/api/saved-replies", agent, { shortcut: "isrc", text: "ISRC help" });
    const cases: [object, RegExp][] = [
      [{ shortcut: "ISRC", text: "again" }, new RegExp(SHORTCUT_TAKEN)],
      [{ shortcut: "two words", text: "x" }, /spaces/],
      [{ shortcut: "x".repeat(33), text: "x" }, /at most 32/],
      [{ shortcut: "", text: "x" }, /shortcut/i],
      [{ shortcut: "long", text: "x".repeat(4001) }, /at most 4,000/],
      [{ shortcut: "blank", text: "   " }, /text/],
    ];
    for (const [payload, message] of cases) {
      const response = await call("POST", "/api/saved-replies", agent, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const list = (await call("GET", "/api/saved-replies", agent)).json<SavedReply[]>();
    expect(list.map((r) => r.shortcut).sort()).toEqual(["isrc"]);
  });

  it("artists may not read, add, change or remove them (403)", async () => {
    const [existing] = (await call("GET", "/api/saved-replies", agent)).json<SavedReply[]>();
    const payload = { shortcut: "mine", text: "x" };
    expect((await call("GET", "/api/saved-replies", artist)).statusCode).toBe(403);
    expect((await call("POST", "/api/saved-replies", artist, payload)).statusCode).toBe(403);
    expect(
      (await call("PUT", `/api/saved-replies/${existing!.id}`, artist, payload)).statusCode,
    ).toBe(403);
    expect((await call("DELETE", `/api/saved-replies/${existing!.id}`, artist)).statusCode).toBe(
      403,
    );
  });
});
