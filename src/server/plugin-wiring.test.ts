import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import chatPlugin from "./features/conversations/messages/chat-routes";

describe("explicit wiring", () => {
  it("refuses to start a feature before the plugins it depends on, naming them", async () => {
    const app = Fastify({ logger: false });
    app.decorate("ctx", {} as never);
    app.decorate("realtime", {} as never);
    await expect(app.register(chatPlugin).ready()).rejects.toThrow(/realtime/);
  });
});
