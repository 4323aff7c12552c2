import type { FastifyRequest } from "fastify";
import { fromNodeHeaders } from "better-auth/node";
import { LRUCache } from "lru-cache";
import { createdAtParts, type PublicUser } from "../../shared/user";
import type { DomainEvents } from "../events/domain-events";
import { HttpError } from "../http/errors";
import type { Auth } from "./auth";
import { LAST_SEEN_EVERY_MS } from "./account-sessions";

export interface SessionInfo {
  user: PublicUser;
  sessionId: string;
}

type SessionUser = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>["user"];

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
 * How long a checked session is trusted without asking the database again.
 * Every revocation the portal makes (sign-out, password change or reset,
 * email change, deletion, profile change) drops the entry at once on every
 * instance through domain events; this bound covers what no event reports
 * (an agent promoted by the CLI, a relay lost in a Redis outage).
 */
export const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX_ENTRIES = 50_000;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

const userKey = (info: SessionInfo) => `user:${info.user.id}`;
const sessionKey = (info: SessionInfo) => `session:${info.sessionId}`;

/**
 * Resolves the signed-in user of a request or socket handshake. Sessions are
 * kept in a bounded LRU cache keyed by the signed session cookie, so a hot
 * route pays better-auth's database lookup once per TTL per session.
 */
export class SessionReader {
  /** Cached tokens by user and by session, so a revocation drops them without a scan. */
  private readonly tokensOf = new Map<string, Set<string>>();
  private readonly cache = new LRUCache<string, SessionInfo>({
    max: SESSION_CACHE_MAX_ENTRIES,
    ttl: SESSION_CACHE_TTL_MS,
    // Evicted, expired, replaced or deleted: out of the index too.
    dispose: (info, token) => {
      for (const key of [userKey(info), sessionKey(info)]) {
        const tokens = this.tokensOf.get(key);
        tokens?.delete(token);
        if (tokens?.size === 0) this.tokensOf.delete(key);
      }
    },
  });

  constructor(
    private readonly auth: Auth,
    events: DomainEvents,
    /** Records that a session was used (Settings' "last seen"); called at most every few minutes. */
    private readonly touch?: (sessionId: string) => Promise<void>,
  ) {
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
  async read(headers: FastifyRequest["headers"]): Promise<SessionInfo | null> {
    const token = SESSION_COOKIE.exec(headers.cookie ?? "")?.[1];
    if (!token) return null;
    const hit = this.cache.get(token);
    if (hit) return hit;
    const session = await this.auth.api.getSession({ headers: fromNodeHeaders(headers) });
    if (!session) return null;
    const info = { user: toPublicUser(session.user), sessionId: session.session.id };
    if (
      this.touch &&
      Date.now() - new Date(session.session.updatedAt).getTime() > LAST_SEEN_EVERY_MS
    ) {
      // Best effort: a failed touch only leaves "last seen" older.
      this.touch(info.sessionId).catch(() => undefined);
    }
    // Never trust a session past its own expiry.
    const ttl = Math.min(
      SESSION_CACHE_TTL_MS,
      new Date(session.session.expiresAt).getTime() - Date.now(),
    );
    if (ttl > 0) {
      this.cache.set(token, info, { ttl });
      for (const key of [userKey(info), sessionKey(info)]) {
        const tokens = this.tokensOf.get(key) ?? new Set<string>();
        tokens.add(token);
        this.tokensOf.set(key, tokens);
      }
    }
    return info;
  }

  /** The signed-in user, or 401. */
  async require(request: FastifyRequest): Promise<SessionInfo> {
    const session = await this.read(request.headers);
    if (!session) throw new HttpError(401, NOT_SIGNED_IN_MESSAGE, undefined, "UNAUTHENTICATED");
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
    for (const token of [...(this.tokensOf.get(key) ?? [])]) this.cache.delete(token);
  }
}
