import type { FastifyInstance } from "fastify";
import { pingDatabase } from "../../db/database";

export function registerHealthRoutes(app: FastifyInstance): void {
  app.get("/api/health", async (_request, reply) => {
    const started = performance.now();
    try {
      await pingDatabase(app.ctx.database);
      const ms = Math.round((performance.now() - started) * 10) / 10;
      return { status: "ok", database: { status: "ok", engine: app.ctx.database.dialect, ms } };
    } catch (err) {
      app.log.error({ err }, "health check: database down");
      return reply.status(503).send({
        status: "error",
        database: { status: "down", engine: app.ctx.database.dialect },
      });
    }
  });
}
