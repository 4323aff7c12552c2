import type { FastifyRequest } from "fastify";
import { fromNodeHeaders } from "better-auth/node";
import { createdAtParts, type PublicUser } from "../../shared/user";
import { HttpError } from "../http/errors";
import type { Auth } from "./auth";

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

export async function readSession(auth: Auth, headers: FastifyRequest["headers"]) {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
  if (!session) return null;
  return { user: toPublicUser(session.user), sessionId: session.session.id };
}

export const NOT_SIGNED_IN_MESSAGE = "Please sign in to continue.";

/** Resolves the signed-in user or answers 401. */
export async function requireSession(auth: Auth, request: FastifyRequest): Promise<SessionInfo> {
  const session = await readSession(auth, request.headers);
  if (!session) throw new HttpError(401, NOT_SIGNED_IN_MESSAGE, undefined, "UNAUTHENTICATED");
  return session;
}

/**
 * Hot read endpoints (the song list) would otherwise pay better-auth's
 * session lookup on every request. Sessions seen in the last few seconds are
 * kept in memory, keyed by the session cookie. Any auth change (sign-out,
 * password, email, deletion: every non-GET under /api/auth or /api/account)
 * clears the cache,
 * see registerAuthRoutes; what is left is at most TTL of staleness for a
 * session revoked by another process. Only routes that can live with that use it.
 */
const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX_ENTRIES = 10_000;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

interface CachedSession {
  session: SessionInfo;
  expiresAt: number;
}
const sessionCaches = new WeakMap<Auth, Map<string, CachedSession>>();

function sessionCacheOf(auth: Auth): Map<string, CachedSession> {
  let cache = sessionCaches.get(auth);
  if (!cache) {
    cache = new Map();
    sessionCaches.set(auth, cache);
  }
  return cache;
}

/** Drops every cached session of this auth instance (after any auth change). */
export function forgetCachedSessions(auth: Auth): void {
  sessionCaches.get(auth)?.clear();
}

/** requireSession, answered from the short-lived cache when the same session was just seen. */
export async function requireSessionCached(
  auth: Auth,
  request: FastifyRequest,
): Promise<SessionInfo> {
  const token = SESSION_COOKIE.exec(request.headers.cookie ?? "")?.[1];
  if (!token) return requireSession(auth, request);
  const cache = sessionCacheOf(auth);
  const now = Date.now();
  const hit = cache.get(token);
  if (hit && hit.expiresAt > now) return hit.session;
  const session = await requireSession(auth, request);
  if (cache.size >= SESSION_CACHE_MAX_ENTRIES) {
    // Oldest first: a Map iterates in insertion order.
    for (const key of cache.keys()) {
      cache.delete(key);
      if (cache.size < SESSION_CACHE_MAX_ENTRIES / 2) break;
    }
  }
  cache.set(token, { session, expiresAt: now + SESSION_CACHE_TTL_MS });
  return session;
}

export async function requireAdmin(auth: Auth, request: FastifyRequest): Promise<SessionInfo> {
  const session = await requireSession(auth, request);
  if (!session.user.admin) {
    throw new HttpError(403, "Only support agents can do this.", undefined, "FORBIDDEN");
  }
  return session;
}
