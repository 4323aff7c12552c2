import type { FastifyInstance } from "fastify";
import splitsPlugin from "./routes";
import { SplitAnswerService } from "./split-answer-service";
import { scheduleSplitExpiry } from "./split-expiry";
import { mailSplitInvites } from "./split-notices";
import { SplitService } from "./split-service";

/**
 * Splits (issue 47, section 1) as the app wires them: the artist's side
 * (which mails new collaborators), the collaborator's side, and the hourly
 * expiry of invitations left unanswered for SPLIT_INVITE_DAYS.
 */
export async function registerSplits(app: FastifyInstance): Promise<void> {
  const { config, database, events, mail } = app.ctx;
  const db = database.db;
  const splits = new SplitService({
    db,
    events,
    inviteDays: config.splitInviteDays,
    invite: (invites) => mailSplitInvites({ database, config, mail }, invites),
  });
  const answers = new SplitAnswerService({ db, events });
  scheduleSplitExpiry(app, answers);
  await app.register(splitsPlugin, { splits, answers });
}
