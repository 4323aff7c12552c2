import { describe, expect, it, vi } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { DomainEvents } from "./domain-events";

const silentLog = () =>
  ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

describe("domain events", () => {
  it("delivers a payload to every listener of that event and no other", async () => {
    const events = new DomainEvents(silentLog());
    const heard: string[] = [];
    events.on("session.ended", ({ sessionId }) => void heard.push(`a:${sessionId}`));
    events.onEveryInstance("session.ended", ({ sessionId }) => void heard.push(`b:${sessionId}`));
    events.on("user.deleted", () => void heard.push("wrong"));
    await events.emit("session.ended", { userId: "u1", sessionId: "s1" });
    expect(heard.sort()).toEqual(["a:s1", "b:s1"]);
  });

  it("waits for async listeners before emit resolves", async () => {
    const events = new DomainEvents(silentLog());
    let done = false;
    events.on("files.deleted", async () => {
      await new Promise((r) => setTimeout(r, 20));
      done = true;
    });
    await events.emit("files.deleted", { ids: ["f1"] });
    expect(done).toBe(true);
  });

  it("logs a failing listener without failing the emitter or the other listeners", async () => {
    const log = silentLog();
    const events = new DomainEvents(log);
    const heard: string[] = [];
    events.on("files.deleted", () => {
      throw new Error("disk gone");
    });
    events.on("files.deleted", () => void heard.push("still here"));
    await expect(events.emit("files.deleted", { ids: ["f1"] })).resolves.toBeUndefined();
    expect(heard).toEqual(["still here"]);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it("logs an async listener that fails, after the others have finished", async () => {
    const log = silentLog();
    const events = new DomainEvents(log);
    const heard: string[] = [];
    events.on("files.deleted", async () => {
      await Promise.resolve();
      throw new Error("mail store gone");
    });
    events.on("files.deleted", async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      heard.push("slow one done");
    });
    await expect(events.emit("files.deleted", { ids: ["f1"] })).resolves.toBeUndefined();
    expect(heard).toEqual(["slow one done"]);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it("relays local events and delivers remote ones only to every-instance listeners", async () => {
    const events = new DomainEvents(silentLog());
    const relayed: string[] = [];
    events.relayTo((name) => relayed.push(name));
    const local: string[] = [];
    const anywhere: string[] = [];
    events.on("user.deleted", ({ userId }) => void local.push(userId));
    events.onEveryInstance("user.deleted", ({ userId }) => void anywhere.push(userId));

    await events.emit("user.deleted", { userId: "here", email: "a@b.c" });
    await events.receive("user.deleted", { userId: "there", email: "d@e.f" });

    expect(relayed).toEqual(["user.deleted"]);
    expect(local).toEqual(["here"]);
    expect(anywhere).toEqual(["here", "there"]);
    expect(events.hasEveryInstanceListeners("user.deleted")).toBe(true);
    expect(events.hasEveryInstanceListeners("chat.messageCreated")).toBe(false);
  });

  it("drops a relayed event with an unknown name or no payload object, with a warning", async () => {
    const warn = vi.fn();
    const events = new DomainEvents({ ...silentLog(), warn });
    const heard: unknown[] = [];
    events.onEveryInstance("user.deleted", (payload) => void heard.push(payload));
    await events.receive("user.gone", { userId: "u", email: "e@f.g" });
    await events.receive("user.deleted", null);
    await events.receive("user.deleted", "u");
    expect(heard).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
  });
});
