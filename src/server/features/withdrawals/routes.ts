import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noBodySchema, noQuerySchema } from "../../../shared/no-input";
import { errorResponses } from "../../../shared/responses/common";
import {
  approvedWithdrawalsSchema,
  payoutDeskSchema,
  taxSummarySchema,
  withdrawalListSchema,
  withdrawalPreviewSchema,
  withdrawalSchema,
} from "../../../shared/responses/withdrawals";
import {
  approveWithdrawalsSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyHeadersSchema,
  markFailedSchema,
  markPaidSchema,
  payoutViewQuerySchema,
  withdrawalIdParamsSchema,
  withdrawalPreviewQuerySchema,
  withdrawalRequestSchema,
} from "../../../shared/withdrawal-schemas";
import { withdrawalMessages } from "../../../shared/withdrawal-messages";
import { requireFinance } from "../../auth/finance-role";
import { PayoutDeskService } from "./payout-desk-service";
import { withdrawalStepMails } from "./withdrawal-notices";
import { WithdrawalService, type WithdrawalServiceDeps } from "./withdrawal-service";

export interface WithdrawalRoutesOptions {
  /** Withdrawals read the details' terms (hold, PAN) and the desk their destinations. */
  payoutDetails: WithdrawalServiceDeps["payoutDetails"];
}

const csvBody = (what: string) => z.unknown().describe(what);
const done204 = { 204: z.null(), ...errorResponses };

/**
 * Withdrawals (issue 47): the artist's own (request, list, preview, tax
 * summary) and the finance desk's payouts (finance agents only). Money is
 * personal: nothing here may be cached. Each step mails the artist.
 */
async function withdrawalsPlugin(
  parent: FastifyInstance,
  { payoutDetails }: WithdrawalRoutesOptions,
): Promise<void> {
  const { database, config, mail, events } = parent.ctx;
  const { db } = database;
  const stepMails = withdrawalStepMails({ database, config, mail });
  const withdrawals = new WithdrawalService({
    db,
    payoutDetails,
    stepMails,
    payouts: config.payouts,
    events,
    burstsInFlight: database.dialect === "postgres" ? 2 : 1,
  });
  const desk = new PayoutDeskService({ db, payoutDetails, stepMails, events });
  await parent.register((scope, _options, done) => {
    scope.addHook("onSend", (_request, reply, payload, sent) => {
      reply.header("cache-control", "private, no-store");
      sent(null, payload);
    });
    registerArtistRoutes(scope, withdrawals);
    registerTaxRoutes(scope, withdrawals);
    registerDeskRoutes(scope, desk);
    registerDeskStepRoutes(scope, desk);
    done();
  });
}

function registerArtistRoutes(parent: FastifyInstance, withdrawals: WithdrawalService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;
  const tags = ["wallet"];

  app.get(
    "/api/wallet/withdrawals",
    {
      schema: {
        tags,
        summary: "Artists: their withdrawals, balance, minimum, and why withdrawing is closed",
        querystring: noQuerySchema,
        response: { 200: withdrawalListSchema, ...errorResponses },
      },
    },
    async (request) => withdrawals.list((await sessions.require(request)).user),
  );

  app.get(
    "/api/wallet/withdrawals/preview",
    {
      schema: {
        tags,
        summary: "Artists: the TDS and net amount of a withdrawal, and the refusal it would meet",
        querystring: withdrawalPreviewQuerySchema,
        response: { 200: withdrawalPreviewSchema, ...errorResponses },
      },
    },
    async (request) =>
      withdrawals.preview((await sessions.require(request)).user, request.query.amountPaise),
  );

  app.post(
    "/api/wallet/withdrawals",
    {
      schema: {
        tags,
        summary:
          "Artists: withdraw (amount in paise); the Idempotency-Key header or idempotencyKey makes a retry one withdrawal",
        headers: idempotencyHeadersSchema,
        body: withdrawalRequestSchema,
        response: { 200: withdrawalSchema, 201: withdrawalSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER] ?? request.body.idempotencyKey;
      const result = await withdrawals.request(
        user,
        request.body.amountPaise,
        typeof key === "string" ? key : undefined,
      );
      return reply.code(result.created ? 201 : 200).send(result.withdrawal);
    },
  );
}

/** The artist's tax summary and its CSV. */
function registerTaxRoutes(parent: FastifyInstance, withdrawals: WithdrawalService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;
  const tags = ["wallet"];

  app.get(
    "/api/wallet/tax",
    {
      schema: {
        tags,
        summary: "Artists: per financial year withdrawn, TDS deducted and paid out; the PAN masked",
        querystring: noQuerySchema,
        response: { 200: taxSummarySchema, ...errorResponses },
      },
    },
    async (request) => withdrawals.taxSummary((await sessions.require(request)).user),
  );

  app.get(
    "/api/wallet/tax.csv",
    {
      schema: {
        tags,
        summary: "Artists: the tax summary as CSV",
        querystring: noQuerySchema,
        response: {
          200: csvBody("Financial year,Withdrawn (Rs.),TDS deducted (Rs.),Paid out (Rs.),PAN"),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const csv = await withdrawals.taxCsv((await sessions.require(request)).user);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="tax-summary.csv"')
        .send(csv);
    },
  );
}

/** requireFinance bound to the app's sessions and database. */
function financeCheck(app: FastifyInstance) {
  const { sessions, database } = app.ctx;
  return (request: FastifyRequest) =>
    requireFinance(sessions, database.db, request, withdrawalMessages.financeOnly);
}

/** The desk's views and the bank file, and approving every selected one. */
function registerDeskRoutes(parent: FastifyInstance, desk: PayoutDeskService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const finance = financeCheck(app);
  const tags = ["desk"];

  app.get(
    "/api/desk/payouts",
    {
      schema: {
        tags,
        summary:
          "Finance: withdrawals in one state (requested, approved, paid, failed) and the counts",
        querystring: payoutViewQuerySchema,
        response: { 200: payoutDeskSchema, ...errorResponses },
      },
    },
    async (request) => {
      await finance(request);
      return desk.view(request.query.view);
    },
  );

  app.post(
    "/api/desk/payouts/approve",
    {
      schema: {
        tags,
        summary: "Finance: approve every selected withdrawal still requested",
        body: approveWithdrawalsSchema,
        response: { 200: approvedWithdrawalsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await finance(request);
      return desk.approve(user.id, request.body.ids);
    },
  );

  app.get(
    "/api/desk/payouts/bank-file.csv",
    {
      schema: {
        tags,
        summary: "Finance: the approved withdrawals as the bank's CSV",
        querystring: noQuerySchema,
        response: {
          200: csvBody("Beneficiary name,Account number,IFSC,UPI ID,Amount,Reference"),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      await finance(request);
      const csv = await desk.bankFile();
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="bank-file.csv"')
        .send(csv);
    },
  );
}

/** One withdrawal's steps: approve, paid with the UTR, failed with the reason. */
function registerDeskStepRoutes(parent: FastifyInstance, desk: PayoutDeskService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const finance = financeCheck(app);
  const tags = ["desk"];

  app.post(
    "/api/desk/payouts/:id/approve",
    {
      schema: {
        tags,
        summary: "Finance: approve one requested withdrawal (409 when no longer requested)",
        params: withdrawalIdParamsSchema,
        body: noBodySchema,
        response: done204,
      },
    },
    async (request, reply) => {
      const { user } = await finance(request);
      await desk.approveOne(user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/desk/payouts/:id/paid",
    {
      schema: {
        tags,
        summary: "Finance: mark an approved withdrawal paid with the bank's UTR / reference",
        params: withdrawalIdParamsSchema,
        body: markPaidSchema,
        response: done204,
      },
    },
    async (request, reply) => {
      const { user } = await finance(request);
      await desk.markPaid(user.id, request.params.id, request.body.reference);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/desk/payouts/:id/failed",
    {
      schema: {
        tags,
        summary:
          "Finance: mark a withdrawal failed; the whole amount returns to the artist, its TDS undone",
        params: withdrawalIdParamsSchema,
        body: markFailedSchema,
        response: done204,
      },
    },
    async (request, reply) => {
      const { user } = await finance(request);
      await desk.markFailed(user.id, request.params.id, request.body.reason);
      return reply.code(204).send(null);
    },
  );
}

export default fp(withdrawalsPlugin, {
  name: "withdrawals",
  decorators: { fastify: ["ctx"] },
});
