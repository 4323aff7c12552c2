import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import authPlugin from "./auth/routes";
import accountPlugin from "./features/account/routes";
import clientErrorsPlugin from "./features/client-errors/routes";
import deskPlugin from "./features/desk/routes";
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

  it.each([
    ["auth", authPlugin],
    ["account", accountPlugin],
    ["client-errors", clientErrorsPlugin],
    ["notices", noticesPlugin],
    ["password-reset", passwordResetPlugin],
  ])("%s needs @fastify/rate-limit (its per-IP limits are route config)", async (_name, plugin) => {
    const app = bare();
    await expect(app.register(plugin as never)).rejects.toThrow(/@fastify\/rate-limit/);
  });

  it("desk needs realtime and chat", async () => {
    const app = bare();
    await expect(app.register(deskPlugin)).rejects.toThrow(/realtime/);
  });

  it("songs needs the app context", async () => {
    const app = Fastify({ logger: false });
    await expect(app.register(songsPlugin)).rejects.toThrow(/ctx/);
  });
});
