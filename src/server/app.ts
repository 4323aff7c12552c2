import fs from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppContext, AppDeps } from "./context";
import { USER_DATA_REMOVERS } from "./user-data-removers";
import { createAuth } from "./auth/auth";
import {
  SIGN_IN_LIMIT,
  createMemoryAttemptLimiter,
  type AttemptLimiter,
} from "./auth/attempt-limiter";
import { createRedisAttemptLimiter } from "./auth/redis-attempt-limiter";
import authPlugin from "./auth/routes";
import { resolveAuthSecret, resolvePayoutDetailsKey } from "./auth/secret";
import { SessionReader } from "./auth/session-reader";
import { touchSession } from "./auth/session-service";
import { LEDGER_CHANGED_CHANNEL } from "./db/notice-feed";
import { DomainEvents } from "./events/domain-events";
import { registerErrorHandling } from "./http/errors";
import { registerApiReference, registerOpenApi } from "./http/openapi";
import { registerSecurityHeaders } from "./http/security-headers";
import { fastifyTrustProxy } from "./http/trust-proxy";
import { registerOriginGuard } from "./http/origin-guard";
import { loadWebPages, type WebPages } from "./http/web-pages";
import { registerWebRoot } from "./http/web-root";
import { decorateRequestUser, requestLoggingOptions } from "./http/request-logging";
import { LOG_REDACT_PATHS, REDACTED } from "./http/log-redaction";
import { registerJsonCompression } from "./http/json-compression";
import { registerJsonBodyParser } from "./http/json-body";
import accountPlugin from "./features/account/routes";
import chatPlugin from "./features/conversations/messages/chat-routes";
import { conversationLookups, createConversations } from "./features/conversations/conversations";
import { newestPictureOf, pageRoomOf } from "./features/conversations/repositories/page-room";
import availabilityPlugin from "./features/availability/routes";
import { AvailabilityService } from "./features/availability/availability-service";
import savedRepliesPlugin from "./features/saved-replies/routes";
import deskPlugin from "./features/conversations/desk/desk-routes";
import healthPlugin from "./features/health/routes";
import profilePlugin from "./features/profile/routes";
import publicConfigPlugin from "./features/public-config/routes";
import songsPlugin from "./features/songs/routes";
import releasesPlugin from "./features/releases/routes";
import sessionsPlugin from "./features/sessions/routes";
import { PayoutCipher } from "./features/payout-details/payout-cipher";
import { PayoutDetailsService } from "./features/payout-details/payout-details-service";
import payoutDetailsPlugin from "./features/payout-details/routes";
import uploadsPlugin from "./features/uploads/routes";
import { registerSplits } from "./features/splits/register-splits";
import { createStatements } from "./features/statements/register-statements";
import { registerWallet } from "./features/wallet/register-wallet";
import withdrawalsPlugin from "./features/withdrawals/routes";
import realtimePlugin from "./realtime/socket-server";
import { logEngineErrors } from "./engine-errors";
import { registerStorageGuard } from "./http/storage-guard";
import { registerMail } from "./mail/register-mail";
import noticesPlugin from "./features/notices/register-notices";
import { passwordResetHooks } from "./features/password-reset/reset-service";
import passwordResetPlugin, { resetRequestLimiter } from "./features/password-reset/routes";
import { createLocalFileStorage } from "./storage/local-file-storage";
import clientErrorsPlugin from "./features/client-errors/routes";
import { createUserBudget, type UserBudget } from "./limits/user-budget";
import { productUploadPurposes } from "./product-upload-purposes";
import { RoomMembers } from "./features/conversations/access/room-members";

/**
 * The composition root: builds the shared context once, then registers each
 * feature as a Fastify plugin with exactly what it needs. Plugins declare
 * their dependencies, so a wrong order fails at start-up with their names.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createFastify(deps);
  const { secret } = decorateContext(app, deps);
  const pages = await registerHttpLayer(app, deps);
  await registerFeatures(app, deps, secret);
  await registerWebRoot(
    app,
    deps.webRoot,
    pages,
    async (headers) => {
      const session = await app.ctx.sessions.read(headers);
      if (!session) return null;
      return { role: session.user.admin ? "agent" : "artist", userId: session.user.id };
    },
    // A conversation's page preloads its room's messages when the room exists.
    async (viewer, params, names) => {
      if (!names.includes("roomId") || !params.peerId) return {};
      const admin = viewer.role === "agent";
      const roomId = await pageRoomOf(app.ctx.database.db, { ...viewer, admin }, params.peerId);
      return { roomId };
    },
    // …and the newest picture it will show, the screen's largest paint.
    async (viewer, params) => {
      if (!params.roomId) return [];
      const agentView = viewer.role === "agent";
      const picture = await newestPictureOf(app.ctx.database.db, params.roomId, agentView);
      return picture ? [picture] : [];
    },
  );
  return app;
}

/** Stands in for Fastify's JSON Schema compilers, never used: every schema is Zod's. */
function noJsonSchemaCompiler(): never {
  throw new Error("Only Zod schemas are compiled (app.ts sets the compilers)");
}

/** The bare server: logging, request ids, body parsing and Zod schemas. */
function createFastify(deps: AppDeps): FastifyInstance {
  const { config } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // Zod validates and serializes every route (the compilers set below).
    // Without factories of its own, Fastify would load Ajv and
    // fast-json-stringify at construction, a fifth of start-up (issue 24).
    schemaController: {
      compilersFactory: {
        buildValidator: noJsonSchemaCompiler,
        buildSerializer: noJsonSchemaCompiler,
      },
    },
    ...requestLoggingOptions(),
  });
  decorateRequestUser(app);
  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  deps.beforeRoutes?.(app);
  return app;
}

/** Builds the shared context every plugin reads as `app.ctx`; returns the auth secret. */
function decorateContext(app: FastifyInstance, deps: AppDeps): { secret: string } {
  const { config, database } = deps;
  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    secret,
    publicUrl: config.publicUrl,
    log: app.log,
    ...passwordResetHooks(() => app),
  });
  const events = new DomainEvents(app.log);
  const ctx: AppContext = {
    config,
    database,
    auth,
    sessions: new SessionReader(auth, events, {
      touch: (id) => touchSession(database.db, id),
      db: database.db,
      secret,
    }),
    storage: deps.storage ?? createLocalFileStorage(path.join(config.dataDir, "uploads")),
    redis: deps.redis,
    events,
    mail: registerMail(app, deps),
    ledgerNotices: database.listen?.(LEDGER_CHANGED_CHANNEL, app.log),
  };
  app.decorate("ctx", ctx);
  return { secret };
}

/**
 * What every route shares: error handling, security headers, the origin
 * guard, compression, OpenAPI and rate limiting. Returns the built web pages.
 */
async function registerHttpLayer(
  app: FastifyInstance,
  deps: AppDeps,
): Promise<WebPages | undefined> {
  const { config } = deps;
  logEngineErrors(app);
  registerErrorHandling(app);
  registerStorageGuard(app);
  const hasWeb = deps.webRoot !== undefined && fs.existsSync(path.join(deps.webRoot, "index.html"));
  // The built pages: one per route, their inline blocks allowed by hash in the CSP.
  const pages = hasWeb ? loadWebPages(deps.webRoot!) : undefined;
  registerSecurityHeaders(app, config.publicUrl, pages?.inlineHashes);
  registerOriginGuard(app, config.publicUrl);
  await registerJsonCompression(app);
  await registerOpenApi(app, config.publicUrl);
  // Loaded from node_modules with its files and their tree, @fastify/swagger-ui
  // was a tenth of a start: in development (`npm run dev`) only.
  if (process.env.NODE_ENV === "development" && deps.logger !== false) {
    await registerApiReference(app);
  }
  return pages;
}

/** Each feature as a plugin, with its limits and budgets. */
async function registerFeatures(
  app: FastifyInstance,
  deps: AppDeps,
  secret: string,
): Promise<void> {
  const { config, database } = deps;
  const { ctx } = app;
  const { events } = ctx;
  const perIpPerMinute = deps.authRequestsPerMinutePerIp ?? config.authRequestsPerMinutePerIp;
  const signInLimiter =
    deps.signInLimiter ??
    (ctx.redis
      ? createRedisAttemptLimiter(ctx.redis, SIGN_IN_LIMIT)
      : createMemoryAttemptLimiter(SIGN_IN_LIMIT));
  const db = database.db;
  // Per-user limits (docs/deploy.md, "Limits"): counted across instances with Redis.
  const { limits } = config;
  const chatSendBudget = createUserBudget(
    "chat-sends",
    [
      { points: limits.chatSendBurst, durationSeconds: 10 },
      { points: limits.chatSendsPerMinute, durationSeconds: 60 },
    ],
    ctx.redis,
  );
  const uploadBudget = createUserBudget(
    "upload-creations",
    [{ points: limits.uploadsPerMinute, durationSeconds: 60 }],
    ctx.redis,
  );

  await app.register(realtimePlugin, {
    socketsPerUser: limits.socketsPerUser,
    lookups: conversationLookups(database),
  });
  await app.register(authPlugin, { signInLimiter, perIpPerMinute });
  await app.register(passwordResetPlugin, {
    perRequesterLimiter: resetRequestLimiter(ctx.redis),
    perIpPerMinute,
  });
  await app.register(noticesPlugin, { secret, perIpPerMinute });
  await app.register(healthPlugin);
  await app.register(publicConfigPlugin);
  await app.register(profilePlugin);
  // One member cache per instance: a room's sends and its file downloads both ask it.
  const roomMembers = new RoomMembers(db).followChanges(events);
  const statements = createStatements(app, database);
  await app.register(uploadsPlugin, {
    purposes: [
      ...productUploadPurposes(db, roomMembers, statements.uploads),
      ...(deps.extraUploadPurposes ?? []),
    ],
    limits: {
      creations: uploadBudget,
      inProgress: limits.uploadsInProgress,
      quotaBytes: limits.storageQuotaBytes,
    },
    sweep: {
      everyMs: config.fileSweep.everyMinutes * 60_000,
      olderThanMs: config.fileSweep.olderThanHours * 3_600_000,
    },
  });
  const availability = new AvailabilityService(database, events);
  await app.register(availabilityPlugin, { availability });
  await registerConversations(app, deps, { sendBudget: chatSendBudget, roomMembers }, availability);
  await app.register(savedRepliesPlugin);
  await app.register(clientErrorsPlugin);
  await app.register(songsPlugin);
  await app.register(releasesPlugin);
  await statements.register();
  await app.register(sessionsPlugin);
  await registerPayoutDetails(app, signInLimiter, perIpPerMinute);
  await registerWallet(app);
  // Wrong current passwords share the sign-in limiter, keyed per user.
  await app.register(accountPlugin, {
    reauthLimiter: signInLimiter,
    perIpPerMinute,
    userDataRemovers: USER_DATA_REMOVERS,
  });
}

/**
 * The conversations feature: its services built once here around one room
 * writer (conversations.ts), its side jobs stopped on close; its routes
 * only call them.
 */
async function registerConversations(
  app: FastifyInstance,
  deps: AppDeps,
  shared: { sendBudget: UserBudget; roomMembers: RoomMembers },
  availability: AvailabilityService,
): Promise<void> {
  const conversations = createConversations({
    database: deps.database,
    events: app.ctx.events,
    log: app.log,
    ...(app.realtime.instanceId ? { instanceId: app.realtime.instanceId } : {}),
    sendBudget: shared.sendBudget,
    members: shared.roomMembers,
  });
  app.addHook("onClose", (_app, closed) => {
    conversations.stop();
    closed();
  });
  await app.register(chatPlugin, {
    chat: conversations.chat,
    reads: conversations.reads,
    availabilityOf: (ids) => availability.of(ids),
  });
  await app.register(deskPlugin, { desk: conversations.desk });
}

/**
 * Payout details (issue 47): the key from PAYOUT_DETAILS_KEY or DATA_DIR,
 * wrong passwords counted with the account's other re-authentications; and
 * the withdrawals and the finance desk's payouts built on them; splits.
 */
async function registerPayoutDetails(
  app: FastifyInstance,
  reauthLimiter: AttemptLimiter,
  perIpPerMinute: number,
): Promise<void> {
  const { config, database, mail } = app.ctx;
  const key = resolvePayoutDetailsKey(config.payouts.detailsKey, config.dataDir);
  const service = new PayoutDetailsService({
    db: database.db,
    cipher: new PayoutCipher(key),
    payouts: config.payouts,
    reauthLimiter,
    notices: { database, config, mail },
  });
  await app.register(payoutDetailsPlugin, { service, perIpPerMinute });
  await app.register(withdrawalsPlugin, { payoutDetails: service });
  await registerSplits(app);
}
