import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { fromNodeHeaders } from "better-auth/node";
import { parseCookies } from "better-call";
import type { Kysely } from "kysely";
import type { LRUCache } from "lru-cache";
import { growingLruCache } from "../cache/growing-lru-cache";
import { createdAtParts, type PublicUser } from "../../shared/user";
import type { Database } from "../db/schema";
import type { DomainEvents } from "../events/domain-events";
import { HttpError } from "../http/errors";
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS, type Auth } from "./auth";
import { LAST_SEEN_EVERY_MS } from "./session-service";
import { batchedRowsByKey } from "../db/batched-reads";
import { sessionsWithUsersByTokens } from "./session-repository";

export interface SessionInfo {
  user: PublicUser;
  sessionId: string;
}

/** A user row as better-auth or the session query gives it. */
interface SessionUser {
  id: string;
  email: string;
  name: string;
  username?: string | null;
  artistName?: string | null;
  admin?: boolean | number | null;
  createdAt: Date | string;
  bio?: string | null;
  profilePicture?: string | null;
  spotifyUrl?: string | null;
  appleMusicUrl?: string | null;
  youtubeUrl?: string | null;
}

export function toPublicUser(user: SessionUser): PublicUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username ?? user.name,
    artistName: user.artistName ?? user.name,
    admin: Boolean(user.admin),
    createdAt: createdAtParts(new Date(user.createdAt)),
    bio: user.bio ?? null,
    profilePicture: user.profilePicture ?? null,
    spotifyUrl: user.spotifyUrl ?? null,
    appleMusicUrl: user.appleMusicUrl ?? null,
    youtubeUrl: user.youtubeUrl ?? null,
  };
}

export const NOT_SIGNED_IN_MESSAGE = "Please sign in to continue.";
export const AGENTS_ONLY_MESSAGE = "Only support agents can do this.";

/**
 * How long a checked session is trusted without asking the database again:
 * the bound on revocation (docs/security.md, "Sessions"). Every revocation
 * the portal makes (sign-out, ending sessions in Settings, password change
 * or reset, email change, deletion, profile change) drops the entry at once
 * on every instance through domain events; this bound covers what no event
 * reports (a session row deleted by hand, an agent promoted by the CLI, a
 * relay lost in a Redis outage).
 */
export const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX_ENTRIES = 50_000;
const userKey = (info: SessionInfo) => `user:${info.user.id}`;
const sessionKey = (info: SessionInfo) => `session:${info.sessionId}`;

const SESSION_COOKIE = "better-auth.session_token";
const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

/**
 * The signed session cookie's value under either name better-auth gives it
 * (`__Secure-` on https), parsed by better-call's `parseCookies`: the parser
 * better-auth's own getSession reads cookies with (the first of a repeated
 * name, URL-decoded), so both always look at the same cookie.
 */
export function sessionCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const cookies = parseCookies(header);
  return cookies.get(SESSION_COOKIE) || cookies.get(SECURE_SESSION_COOKIE) || undefined;
}

/**
 * The session token in a signed cookie value (`token.signature`), or null
 * when the signature is not the auth secret's. better-call signs the cookie
 * with HMAC-SHA256 in base64 (its `makeSignature`, through WebCrypto, which
 * imports the key again on every call: about a millisecond each under a
 * burst); node:crypto computes the same bytes synchronously, compared in
 * constant time. Only a cache miss pays it.
 */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(value.slice(dot + 1), "base64");
  // Base64 decoding forgives; the signature must also be written exactly as better-call writes it.
  if (given.length !== expected.length || given.toString("base64") !== value.slice(dot + 1)) {
    return null;
  }
  return timingSafeEqual(given, expected) ? token : null;
}

const epoch = (value: Date | string) => new Date(value).getTime();

type SessionRow = Awaited<ReturnType<typeof sessionsWithUsersByTokens>>[number];

/** What a session lookup needs: the database, the auth secret, and (for tests) the clock. */
export interface SessionReaderOptions {
  /** Records that a session was used (Settings' "last seen"); called at most every few minutes. */
  touch?: (sessionId: string) => Promise<void>;
  /**
   * With both, a session not in the cache is checked here (signature, then one
   * query per turn for all its misses) instead of through better-auth's getSession; better-auth
   * is asked only when the session is due for its daily extension.
   */
  db?: Kysely<Database>;
  secret?: string;
  /** Milliseconds, as Date.now(); the cache's TTL follows it too. */
  now?: () => number;
}

/**
 * Resolves the signed-in user of a request or socket handshake. Sessions are
 * kept in a bounded LRU cache keyed by the signed session cookie, so a hot
 * route pays a map lookup: the cookie's exact bytes were verified when they
 * were cached (a cached verify). A miss checks the signature with node:crypto
 * and reads session and user in one query shared by the turn's misses; no better-auth
 * context is built except for the daily extension of the session.
 */
export class SessionReader {
  /** Cached tokens by user and by session, so a revocation drops them without a scan. */
  private readonly tokensOf = new Map<string, Set<string>>();
  private readonly cache: LRUCache<string, SessionInfo>;
  /** Lookups in flight by cookie, so a burst of one user's requests reads once. */
  private readonly pending = new Map<string, Promise<SessionInfo | null>>();
  /** Bumped by every revocation: a lookup that overlapped one is answered but not cached. */
  private generation = 0;
  private readonly now: () => number;
  /** Session and user by token; the misses of one turn read together. */
  private readonly sessionOf?: (token: string) => Promise<SessionRow | undefined>;

  constructor(
    private readonly auth: Auth,
    events: DomainEvents,
    private readonly options: SessionReaderOptions = {},
  ) {
    this.now = options.now ?? (() => Date.now());
    const { db } = options;
    if (db) {
      this.sessionOf = batchedRowsByKey(
        (tokens) => sessionsWithUsersByTokens(db, tokens),
        (row) => row.token,
      );
    }
    this.cache = growingLruCache<string, SessionInfo>(SESSION_CACHE_MAX_ENTRIES, {
      ttl: SESSION_CACHE_TTL_MS,
      perf: { now: this.now },
      // Evicted, expired, replaced or deleted: out of the index too.
      dispose: (info, token) => {
        for (const key of [userKey(info), sessionKey(info)]) {
          const tokens = this.tokensOf.get(key);
          tokens?.delete(token);
          if (tokens?.size === 0) this.tokensOf.delete(key);
        }
      },
    });
    events.onEveryInstance("session.ended", ({ sessionId }) => {
      this.forget(`session:${sessionId}`);
    });
    for (const name of [
      "user.passwordChanged",
      "user.emailChanged",
      "user.deleted",
      "user.profileChanged",
    ] as const) {
      events.onEveryInstance(name, ({ userId }) => {
        this.forget(`user:${userId}`);
      });
    }
  }

  /** The session of these headers, or null; never throws for a missing session. */
  read(headers: FastifyRequest["headers"]): Promise<SessionInfo | null> {
    const cookie = sessionCookie(headers.cookie);
    if (!cookie) return Promise.resolve(null);
    const hit = this.cache.get(cookie);
    if (hit) return Promise.resolve(hit);
    let lookup = this.pending.get(cookie);
    if (!lookup) {
      lookup = this.lookUp(cookie, headers).finally(() => this.pending.delete(cookie));
      this.pending.set(cookie, lookup);
    }
    return lookup;
  }

  private async lookUp(
    cookie: string,
    headers: FastifyRequest["headers"],
  ): Promise<SessionInfo | null> {
    const generation = this.generation;
    const found = await this.find(cookie, headers);
    if (!found) return null;
    const { info, expiresAt, updatedAt } = found;
    if (this.options.touch && this.now() - updatedAt > LAST_SEEN_EVERY_MS) {
      // Best effort: a failed touch only leaves "last seen" older.
      this.options.touch(info.sessionId).catch(() => undefined);
    }
    // Never trust a session past its own expiry, nor one revoked while it was read.
    const ttl = Math.min(SESSION_CACHE_TTL_MS, expiresAt - this.now());
    if (ttl > 0 && generation === this.generation) {
      this.cache.set(cookie, info, { ttl });
      for (const key of [userKey(info), sessionKey(info)]) {
        const tokens = this.tokensOf.get(key) ?? new Set<string>();
        tokens.add(cookie);
        this.tokensOf.set(key, tokens);
      }
    }
    return info;
  }

  private async find(cookie: string, headers: FastifyRequest["headers"]) {
    const { secret } = this.options;
    if (this.sessionOf && secret) {
      const token = verifiedToken(cookie, secret);
      if (!token) return null;
      const row = await this.sessionOf(token);
      if (!row) return null;
      const expiresAt = epoch(row.expiresAt);
      if (expiresAt <= this.now()) return null;
      const dueForExtension =
        expiresAt - (SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000 <= this.now();
      if (!dueForExtension) {
        return {
          info: { user: toPublicUser(row), sessionId: row.sessionId },
          expiresAt,
          updatedAt: epoch(row.updatedAt),
        };
      }
      // Once a day per session: better-auth extends it (its own rules).
    }
    const session = await this.auth.api.getSession({ headers: fromNodeHeaders(headers) });
    if (!session) return null;
    return {
      info: { user: toPublicUser(session.user), sessionId: session.session.id },
      expiresAt: epoch(session.session.expiresAt),
      updatedAt: epoch(session.session.updatedAt),
    };
  }

  /** The signed-in user, or 401; the user's id goes into the request's log line. */
  async require(request: FastifyRequest): Promise<SessionInfo> {
    const session = await this.read(request.headers);
    if (!session) throw new HttpError(401, NOT_SIGNED_IN_MESSAGE, undefined, "UNAUTHENTICATED");
    request.sessionUserId = session.user.id;
    return session;
  }

  /** A signed-in support agent, or 401/403. */
  async requireAdmin(request: FastifyRequest): Promise<SessionInfo> {
    const session = await this.require(request);
    if (!session.user.admin) {
      throw new HttpError(403, AGENTS_ONLY_MESSAGE, undefined, "FORBIDDEN");
    }
    return session;
  }

  /** How many sessions are cached now (for tests). */
  get size(): number {
    return this.cache.size;
  }

  private forget(key: string): void {
    this.generation += 1;
    // A request arriving now must not join a lookup that read before this.
    this.pending.clear();
    for (const token of [...(this.tokensOf.get(key) ?? [])]) this.cache.delete(token);
  }
}
