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

export async function requireAdmin(auth: Auth, request: FastifyRequest): Promise<SessionInfo> {
  const session = await requireSession(auth, request);
  if (!session.user.admin) {
    throw new HttpError(403, "Only support agents can do this.", undefined, "FORBIDDEN");
  }
  return session;
}
