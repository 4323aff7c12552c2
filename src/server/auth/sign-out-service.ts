import type { IncomingHttpHeaders } from "node:http";
import type { DomainEvents } from "../events/domain-events";
import type { SessionReader } from "./session-reader";

/** better-auth's sign-out endpoint, called for the current request. */
export type SignOutCall = () => Promise<{ status: number; text: string }>;

/**
 * Signs this browser out through better-auth, then (once its session row is
 * gone) announces `session.ended`: its sockets close and cached sessions go.
 */
export async function signOut(
  deps: { sessions: SessionReader; events: DomainEvents },
  headers: IncomingHttpHeaders,
  callAuth: SignOutCall,
): Promise<{ status: number; text: string }> {
  const ending = await deps.sessions.read(headers);
  const answer = await callAuth();
  if (ending && answer.status < 300) {
    await deps.events.emit("session.ended", {
      userId: ending.user.id,
      sessionId: ending.sessionId,
    });
  }
  return answer;
}
