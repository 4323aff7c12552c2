import type { FastifyInstance } from "fastify";
import fastifySwagger from "@fastify/swagger";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { noQuerySchema } from "../../shared/no-input";

export const OPENAPI_PATH = "/api/openapi.json";

/**
 * The OpenAPI 3.1 document, generated from every route's zod schemas. Must be
 * registered before the routes it describes (it collects them as they are added).
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Artist Portal API",
        description:
          "Accounts, support chat, songs and profile. Sessions are HttpOnly cookies; " +
          "state-changing calls need the portal's Origin. Live chat runs over Socket.IO " +
          "(see src/shared/socket-events.ts).",
        version: "1.1.0",
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        tags: ["operations"],
        summary: "This document",
        querystring: noQuerySchema,
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return app.swagger();
    },
  );
}

/** A browsable reference page at /api/docs, with NODE_ENV=development only (a dev dependency). */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  let swaggerUi: typeof import("@fastify/swagger-ui").default;
  try {
    swaggerUi = (await import("@fastify/swagger-ui")).default;
  } catch {
    return;
  }
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
