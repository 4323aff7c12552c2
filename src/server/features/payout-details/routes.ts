import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noQuerySchema } from "../../../shared/no-input";
import { payoutDetailsInputSchema } from "../../../shared/payout-details";
import { errorResponses } from "../../../shared/responses/common";
import { payoutDetailsViewSchema } from "../../../shared/responses/payout-details";
import { perIpLimit } from "../../limits/request-limit";
import type { PayoutDetailsService } from "./payout-details-service";

export interface PayoutDetailsOptions {
  service: PayoutDetailsService;
  /** Saving checks a password: limited per IP like the account's routes. */
  perIpPerMinute: number;
}

const tags = ["wallet"];
const viewResponses = { 200: payoutDetailsViewSchema, ...errorResponses };

/** The artist's own payout details (issue 47): read masked, saved with the password. Agents: 403. */
function payoutDetailsPlugin(
  parent: FastifyInstance,
  options: PayoutDetailsOptions,
  done: (err?: Error) => void,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions, redis } = app.ctx;
  const { service } = options;

  app.get(
    "/api/wallet/payout-details",
    {
      schema: {
        tags,
        summary: "Artists: their payout details, masked, and until when withdrawals are held",
        querystring: noQuerySchema,
        response: viewResponses,
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      reply.header("cache-control", "no-store");
      return service.view(user);
    },
  );

  app.put(
    "/api/wallet/payout-details",
    {
      onRequest: perIpLimit("payout-details", options.perIpPerMinute, redis),
      schema: {
        tags,
        summary:
          "Artists: save UPI or bank details (and PAN) with the current password; mails a notice and holds withdrawals",
        body: payoutDetailsInputSchema,
        response: viewResponses,
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      reply.header("cache-control", "no-store");
      return service.save(user, request.body);
    },
  );
  done();
}

export default fp(payoutDetailsPlugin, {
  name: "payout-details",
  decorators: { fastify: ["ctx"] },
});
