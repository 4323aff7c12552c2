import Fastify, { type FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { SIGN_IN_LIMIT, createMemoryAttemptLimiter } from "./auth/attempt-limiter";
import authPlugin from "./auth/routes";
import accountPlugin from "./features/account/routes";
import clientErrorsPlugin from "./features/client-errors/routes";
import deskPlugin from "./features/conversations/desk/desk-routes";
import noticesPlugin from "./features/notices/register-notices";
import passwordResetPlugin from "./features/password-reset/routes";
import songsPlugin from "./features/songs/routes";

/**
 * A feature registered without what it needs fails at start-up naming it,
 * never at its first request (fastify-plugin `dependencies`/`decorators`).
 */
describe("plugin dependencies", () => {
  const bare = () => {
    const app = Fastify({ logger: false });
    app.decorate("ctx", {} as never);
    return app;
  };

  const signInLimiter = createMemoryAttemptLimiter(SIGN_IN_LIMIT);
  const perIpPerMinute = 10;
  // Their per-IP limits count in the context's Redis (when configured).
  it.each([
    ["auth", (app: FastifyInstance) => app.register(authPlugin, { signInLimiter, perIpPerMinute })],
    [
      "account",
      (app: FastifyInstance) =>
        app.register(accountPlugin, {
          reauthLimiter: signInLimiter,
          perIpPerMinute,
          userDataRemovers: [],
        }),
    ],
    ["client-errors", (app: FastifyInstance) => app.register(clientErrorsPlugin)],
    [
      "notices",
      (app: FastifyInstance) => app.register(noticesPlugin, { secret: "s", perIpPerMinute }),
    ],
    [
      "password-reset",
      (app: FastifyInstance) =>
        app.register(passwordResetPlugin, { perRequesterLimiter: signInLimiter, perIpPerMinute }),
    ],
  ])("%s needs the app context", async (_name, register) => {
    await expect(register(Fastify({ logger: false }))).rejects.toThrow(/ctx/);
  });

  it("desk needs realtime and chat", async () => {
    const app = bare();
    // The desk service comes from the wiring; it is never reached here.
    await expect(app.register(deskPlugin, {} as never)).rejects.toThrow(/realtime/);
  });

  it("songs needs the app context", async () => {
    const app = Fastify({ logger: false });
    await expect(app.register(songsPlugin)).rejects.toThrow(/ctx/);
  });
});
