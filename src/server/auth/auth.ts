import { betterAuth } from "better-auth";
import { AsyncStorageSwitch, betterAuthStorages } from "../async-storage-switch";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../shared/password-rules";
import type { MigrationDialect } from "../db/dialect-types";
import type { Database } from "../db/schema";
import { hashPassword } from "./password-hasher";
import { createPasswordVerifier } from "./password-verifier";

export interface AuthOptions {
  db: Kysely<Database>;
  dialect: MigrationDialect;
  secret: string;
  publicUrl: string;
  /** Where better-auth's own messages go (the app's pino logger); its console otherwise. */
  log?: FastifyBaseLogger;
  /** Mails the reset link for a token (the password-reset feature records the mail). */
  sendResetPassword?: (user: ResetUser, token: string) => Promise<void>;
  /** After a reset succeeded and the user's sessions were revoked. */
  onPasswordReset?: (user: ResetUser) => Promise<void>;
}

export interface ResetUser {
  id: string;
  email: string;
  name: string;
}

/**
 * Reset links work for 30 minutes, once (better-auth consumes the token), and
 * only while they are the account's newest link and nothing about the account
 * changed (reset-links.ts).
 */
export const RESET_TOKEN_TTL_SECONDS = 30 * 60;

/** A session lives 30 days and is extended when used after a day (better-auth's updateAge). */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

/** Profile fields no client may write through the auth API; /api/profile owns them. */
const serverOnly = { required: false, input: false } as const;

/** better-auth's messages into the app's logger, tagged as its own; its console when none. */
function loggerOption(log: FastifyBaseLogger | undefined) {
  if (!log) return {};
  return {
    logger: {
      log: (level: "debug" | "info" | "warn" | "error", message: string) => {
        log[level]({ source: "better-auth" }, message);
      },
    },
  };
}

export function createAuth(options: AuthOptions) {
  return withStoragesOffWhenIdle(configuredAuth(options));
}

function configuredAuth(options: AuthOptions) {
  return betterAuth({
    appName: "Artist Portal",
    baseURL: options.publicUrl,
    basePath: "/api/auth",
    secret: options.secret,
    database: { db: options.db, type: options.dialect },
    telemetry: { enabled: false },
    ...loggerOption(options.log),
    // Unexpected errors (a full disk, a database outage, a busy password
    // hasher) are thrown to the forwarding route, whose error handler answers
    // them (503 with a message, or a logged 500), instead of an empty 500
    // here. Its own API errors (401 and friends) stay responses.
    onAPIError: { throw: true },
    // Only the portal's own origin (in development too: `npm run dev` sets
    // PUBLIC_URL to the Vite server's address).
    trustedOrigins: [options.publicUrl],
    // Our own limiter runs in front (per email, shareable across instances).
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // verify also accepts imported hosted-service hashes and upgrades them (decision 028).
      password: { hash: hashPassword, verify: createPasswordVerifier(options.db) },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      ...(options.sendResetPassword
        ? {
            sendResetPassword: ({ user, token }: { user: ResetUser; token: string }) =>
              options.sendResetPassword!(user, token),
          }
        : {}),
      ...(options.onPasswordReset
        ? { onPasswordReset: ({ user }: { user: ResetUser }) => options.onPasswordReset!(user) }
        : {}),
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    user: {
      additionalFields: {
        username: { type: "string", ...serverOnly },
        artistName: { type: "string", ...serverOnly },
        admin: { type: "boolean", defaultValue: false, ...serverOnly },
        bio: { type: "string", ...serverOnly },
        profilePicture: { type: "string", ...serverOnly },
        spotifyUrl: { type: "string", ...serverOnly },
        appleMusicUrl: { type: "string", ...serverOnly },
        youtubeUrl: { type: "string", ...serverOnly },
      },
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
      deleteUser: { enabled: true },
    },
    databaseHooks: {
      user: {
        create: {
          // The artist name typed at sign-up becomes username and artistName;
          // admin is forced false whatever reached this point.
          before: (user) =>
            Promise.resolve({
              data: { ...user, username: user.name, artistName: user.name, admin: false },
            }),
        },
      },
    },
    advanced: {
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
  });
}

/** One for the process: better-auth's storages are the process's, whichever auth instance runs. */
const storages = new AsyncStorageSwitch(betterAuthStorages);

/**
 * The same auth whose every call (its handler, each `api` function) goes
 * through one AsyncStorageSwitch: better-auth's context storages are on only
 * while one of its calls runs, so the rest of the server's promises do not
 * pay their hook (async-storage-switch.ts).
 */
function withStoragesOffWhenIdle<A extends BetterAuthLike>(auth: A): A {
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) =>
        storages.around(() => value.apply(target, args) as Promise<unknown>);
    },
  });
  return {
    ...auth,
    api,
    handler: (request: Request) => storages.around(() => auth.handler(request)),
  };
}

interface BetterAuthLike {
  handler: (request: Request) => Promise<Response>;
  api: object;
}

export type Auth = ReturnType<typeof createAuth>;
