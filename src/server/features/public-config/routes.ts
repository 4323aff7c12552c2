import type { FastifyInstance } from "fastify";
import type { PublicConfig } from "../../../shared/public-config";

/** What the browser needs to know about this deployment, without a rebuild. */
export function registerPublicConfigRoutes(app: FastifyInstance): void {
  app.get("/api/config", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    const body: PublicConfig = { marketingUrl: app.ctx.config.marketingUrl };
    return body;
  });
}
