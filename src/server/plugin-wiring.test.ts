import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import chatPlugin from "./features/conversations/messages/chat-routes";

describe("explicit wiring", () => {
  it("refuses to start a feature before the plugins it depends on, naming them", async () => {
    const app = Fastify({ logger: false });
    app.decorate("ctx", {} as never);
    app.decorate("realtime", {} as never);
    // The services come from the wiring; they are never reached here.
    await expect(app.register(chatPlugin, {} as never).ready()).rejects.toThrow(/realtime/);
  });
});
