import type { FastifyInstance } from "fastify";
import { requireSession } from "../../auth/session-guard";

export function registerProfileRoutes(app: FastifyInstance): void {
  /** The signed-in user; 401 when nobody is signed in. */
  app.get("/api/me", async (request, reply) => {
    const { user } = await requireSession(app.ctx.auth, request);
    reply.header("cache-control", "no-store");
    return user;
  });
}
