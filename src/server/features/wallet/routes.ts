import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noQuerySchema } from "../../../shared/no-input";
import { errorResponses } from "../../../shared/responses/common";
import {
  artistBalanceSchema,
  earningsBreakdownSchema,
  songEarningsSchema,
  walletSummarySchema,
  walletTransactionPageSchema,
} from "../../../shared/responses/wallet";
import { songIdParamsSchema } from "../../../shared/song-schemas";
import { cursorQuerySchema, earningsQuerySchema } from "../../../shared/statement-schemas";
import { sendJson } from "../../http/send-json";
import { notifyEarnings } from "./earnings-notices";
import type { WalletService } from "./wallet-service";

export interface WalletRoutesOptions {
  wallet: WalletService;
}

const tags = ["wallet"];
const csvBodySchema = z
  .unknown()
  .describe(
    "Sale month,Store,Country,Track,ISRC,Quantity,Amount (Rs.): one line per earnings line",
  );

/**
 * The artist's wallet and earnings (issue 46, section 4), a song's
 * earnings, and an artist's balance for agents. Money is personal: no
 * shared cache keeps any of it (this scope's onSend). Hears each ledger
 * posting and withdrawal step: what this instance kept of the artist goes,
 * and a statement's credit is mailed.
 */
async function walletPlugin(parent: FastifyInstance, options: WalletRoutesOptions): Promise<void> {
  const { database, config, mail, events } = parent.ctx;
  // Every instance drops what it kept of the artists a posting or a withdrawal step moved.
  events.onEveryInstance("ledger.posted", ({ artistIds }) => options.wallet.forget(artistIds));
  // A withdrawal moves the balance only: the artist's next read here, right
  // after the answer, must not wait for the database's notice (decision 116),
  // which reaches the other instances anyway.
  events.on("withdrawal.changed", ({ artistId }) => options.wallet.forget([artistId]));
  events.on("ledger.posted", (event) => notifyEarnings({ database, config, mail }, event));
  await parent.register((scope, _options, done) => {
    scope.addHook("onSend", (_request, reply, payload, sent) => {
      reply.header("cache-control", "private, no-store");
      sent(null, payload);
    });
    registerWalletRoutes(scope, options.wallet);
    registerEarningsRoutes(scope, options.wallet);
    done();
  });
}

/** The balance, Recent Transactions, and the balance beside a conversation. */
function registerWalletRoutes(parent: FastifyInstance, wallet: WalletService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  app.get(
    "/api/wallet",
    {
      schema: {
        tags,
        summary: "Artists: their available balance and when the last credit arrived",
        querystring: noQuerySchema,
        response: { 200: walletSummarySchema, ...errorResponses },
      },
    },
    async (request) => wallet.summary((await sessions.require(request)).user),
  );

  app.get(
    "/api/wallet/transactions",
    {
      schema: {
        tags,
        summary: "Artists: credits and debits of their balance, newest first, paged by key",
        querystring: cursorQuerySchema,
        response: { 200: walletTransactionPageSchema, ...errorResponses },
      },
    },
    async (request) =>
      wallet.transactions((await sessions.require(request)).user, request.query.cursor),
  );

  app.get(
    "/api/desk/artists/:id/balance",
    {
      schema: {
        tags,
        summary: "Agents: an artist's balance and last credit, read-only",
        querystring: noQuerySchema,
        params: songIdParamsSchema,
        response: { 200: artistBalanceSchema, ...errorResponses },
      },
    },
    async (request) =>
      wallet.artistBalance((await sessions.require(request)).user, request.params.id),
  );
}

/** The earnings breakdown, its CSV, and a song's streams and earnings. */
function registerEarningsRoutes(parent: FastifyInstance, wallet: WalletService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  app.get(
    "/api/wallet/earnings",
    {
      schema: {
        tags,
        summary: "Artists: earnings by sale month, store, country and track for a period",
        querystring: earningsQuerySchema,
        response: { 200: earningsBreakdownSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const json = await wallet.earningsJson(
        (await sessions.require(request)).user,
        request.query.period,
      );
      return sendJson(reply, json);
    },
  );

  app.get(
    "/api/wallet/earnings.csv",
    {
      schema: {
        tags,
        summary: "Artists: their earnings lines of a period as CSV, streamed",
        querystring: earningsQuerySchema,
        response: { 200: csvBodySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      const { period } = request.query;
      const lines = wallet.earningsCsv(user, period);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="earnings-${period}.csv"`)
        .send(Readable.from(lines));
    },
  );

  app.get(
    "/api/songs/:id/earnings",
    {
      schema: {
        tags,
        summary: "A song's streams and earnings from statements (its artist and agents)",
        querystring: noQuerySchema,
        params: songIdParamsSchema,
        response: { 200: songEarningsSchema, ...errorResponses },
      },
    },
    async (request) =>
      wallet.songEarnings((await sessions.require(request)).user, request.params.id),
  );
}

export default fp(walletPlugin, { name: "wallet", decorators: { fastify: ["ctx"] } });
