import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noQuerySchema } from "../../../shared/no-input";
import { setAvailabilitySchema } from "../../../shared/availability";
import { errorResponses } from "../../../shared/responses/common";
import { ownAvailabilitySchema } from "../../../shared/responses/conversation-tools";
import type { AvailabilityService } from "./availability-service";

export interface AvailabilityOptions {
  availability: AvailabilityService;
}

const tags = ["availability"];

/**
 * An agent's own Away setting; artists see it through the chat's lists and
 * headers, live through realtime/fan-out.ts ("agent.availabilityChanged").
 */
function availabilityPlugin(
  parent: FastifyInstance,
  { availability }: AvailabilityOptions,
  done: (err?: Error) => void,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  app.get(
    "/api/availability",
    {
      schema: {
        tags,
        summary: "Agents: their own Away setting and what artists see of it",
        querystring: noQuerySchema,
        response: { 200: ownAvailabilitySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.requireAdmin(request);
      reply.header("cache-control", "no-store");
      return availability.own(user.id);
    },
  );

  app.put(
    "/api/availability",
    {
      schema: {
        tags,
        summary: "Agents: set themselves Away (with an optional return day) or back",
        body: setAvailabilitySchema,
        response: { 200: ownAvailabilitySchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.requireAdmin(request);
      return availability.set(user.id, request.body);
    },
  );

  done();
}

export default fp(availabilityPlugin, {
  name: "availability",
  decorators: { fastify: ["ctx"] },
});
