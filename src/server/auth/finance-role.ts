import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { statementMessages } from "../../shared/statement-messages";
import type { Database } from "../db/schema";
import { HttpError } from "../http/errors";
import { hasRole } from "./role-repository";
import type { SessionInfo, SessionReader } from "./session-reader";

/**
 * A finance agent is a support agent who also holds the `finance` role
 * (issue 46). The role is read from the database on each call rather than
 * cached with the session: finance routes are few and rare, and a role
 * taken away then counts at once.
 */
export async function isFinanceAgent(
  db: Kysely<Database>,
  user: SessionInfo["user"],
): Promise<boolean> {
  return user.admin && (await hasRole(db, user.id, "finance"));
}

/**
 * The signed-in finance agent: 401 signed out, 403 for artists and support
 * agents, with the refusal of the page asked for (statements by default).
 */
export async function requireFinance(
  sessions: SessionReader,
  db: Kysely<Database>,
  request: FastifyRequest,
  refusal: string = statementMessages.financeOnly,
): Promise<SessionInfo> {
  const session = await sessions.require(request);
  if (!(await isFinanceAgent(db, session.user))) {
    throw new HttpError(403, refusal, undefined, "FORBIDDEN");
  }
  return session;
}
