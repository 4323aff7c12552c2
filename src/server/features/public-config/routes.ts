import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicConfigSchema } from "../../../shared/responses/config";
import { noQuerySchema } from "../../../shared/no-input";

/** What the browser needs to know about this deployment, without a rebuild. */
function publicConfigPlugin(
  parent: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/config",
    {
      schema: {
        tags: ["operations"],
        summary: "Deployment settings the browser needs (marketing site)",
        querystring: noQuerySchema,
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return {
        marketingUrl: app.ctx.config.marketingUrl,
        releaseLeadDays: app.ctx.config.releaseLeadDays,
      };
    },
  );
  done();
}

export default fp(publicConfigPlugin, { name: "public-config", decorators: { fastify: ["ctx"] } });
