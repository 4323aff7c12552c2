import fs from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import type { AppConfig } from "./config";
import { createAuth, type Auth } from "./auth/auth";
import {
  SIGN_IN_LIMIT,
  createMemoryAttemptLimiter,
  type AttemptLimiter,
} from "./auth/attempt-limiter";
import { createRedisAttemptLimiter } from "./auth/redis-attempt-limiter";
import { registerAuthRoutes } from "./auth/routes";
import { resolveAuthSecret } from "./auth/secret";
import type { Redis } from "ioredis";
import type { Transaction } from "kysely";
import type { DatabaseHandle } from "./db/database";
import type { Database } from "./db/schema";
import { HttpError, registerErrorHandling } from "./http/errors";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerHealthRoutes } from "./features/health/routes";
import { registerProfileRoutes } from "./features/profile/routes";
import { registerAccountRoutes } from "./features/account/routes";
import { registerPublicConfigRoutes } from "./features/public-config/routes";
import { registerSongRoutes } from "./features/songs/routes";
import { registerUploadRoutes } from "./features/uploads/routes";
import type { FileStorage } from "./storage/file-storage";
import { createLocalFileStorage } from "./storage/local-file-storage";
import { registerChatRoutes } from "./features/chat/routes";
import { attachRealtime } from "./realtime/socket-server";

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  /** Folder of the built SPA; absent in tests that only drive the API. */
  webRoot?: string;
  signInLimiter?: AttemptLimiter;
  storage?: FileStorage;
  /** Shared state across instances (rate limits, live fan-out) when configured. */
  redis?: Redis;
  authRequestsPerMinutePerIp?: number;
  logger?: boolean;
}

/** Removes what one feature holds of a user; runs inside the account-deletion transaction. */
export type UserCleanup = (userId: string, trx: Transaction<Database>) => Promise<void>;

export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  auth: Auth;
  /** Features register here what must go when an account is deleted. */
  userCleanups: UserCleanup[];
  storage: FileStorage;
  redis: Redis | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  });

  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const storage = deps.storage ?? createLocalFileStorage(path.join(config.dataDir, "uploads"));
  const { redis } = deps;
  app.decorate("ctx", { config, database, auth, userCleanups: [], storage, redis });

  registerErrorHandling(app);
  registerSecurityHeaders(app);
  // With Redis, per-IP budgets are counted once for all instances.
  await app.register(rateLimit, { global: false, ...(redis ? { redis } : {}) });

  const perIpPerMinute = deps.authRequestsPerMinutePerIp ?? config.authRequestsPerMinutePerIp;
  const signInLimiter =
    deps.signInLimiter ??
    (redis
      ? createRedisAttemptLimiter(redis, SIGN_IN_LIMIT)
      : createMemoryAttemptLimiter(SIGN_IN_LIMIT));
  registerAuthRoutes(app, { auth, publicUrl: config.publicUrl, signInLimiter, perIpPerMinute });
  registerHealthRoutes(app);
  registerPublicConfigRoutes(app);
  registerProfileRoutes(app);
  // Wrong current passwords share the sign-in limiter, keyed per user.
  registerAccountRoutes(app, { reauthLimiter: signInLimiter, perIpPerMinute });
  registerUploadRoutes(app);
  attachRealtime(app);
  registerChatRoutes(app);
  await registerSongRoutes(app);

  await registerWebRoot(app, deps.webRoot);
  return app;
}

/** Serves the built SPA; any non-API GET falls back to index.html for client routing. */
async function registerWebRoot(app: FastifyInstance, webRoot: string | undefined) {
  const index = webRoot ? path.join(webRoot, "index.html") : undefined;
  const hasWeb = index !== undefined && fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot!,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so it can be cached forever.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader("cache-control", "public, max-age=31536000, immutable");
        } else {
          res.setHeader("cache-control", "no-cache");
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (hasWeb && wantsPage && !request.url.startsWith("/api/")) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    throw new HttpError(404, "Not found.", undefined, "NOT_FOUND");
  });
}
