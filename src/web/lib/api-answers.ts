import { z } from "zod";
import { emailChangedSchema, sessionsEndedSchema } from "../../shared/responses/account";
import { signedInSchema, signedOutSchema } from "../../shared/responses/auth";
import {
  chatContactsSchema,
  chatMessageSchema,
  chatMessagesSchema,
  lastReadSchema,
  openedRoomSchema,
} from "../../shared/responses/chat";
import { okMessageSchema, okSchema } from "../../shared/responses/common";
import { publicConfigSchema } from "../../shared/responses/config";
import {
  messageSearchResultSchema,
  ownAvailabilitySchema,
  replyVariablesSchema,
  savedRepliesSchema,
  savedReplySchema,
} from "../../shared/responses/conversation-tools";
import { deskInboxSchema, deskRoomSchema, deskUnreadSchema } from "../../shared/responses/desk";
import { uploadedFileSchema } from "../../shared/responses/files";
import {
  deskReleaseDetailSchema,
  deskReleaseListSchema,
  releaseWithReviewSchema,
  songStoresSchema,
} from "../../shared/responses/release-review";
import { releaseDetailSchema, releaseSummariesSchema } from "../../shared/responses/releases";
import {
  artistOptionsSchema,
  songCountsSchema,
  songDetailPageSchema,
  songNoticesSchema,
  songRecordSchema,
  songSummariesSchema,
  songSummaryPageSchema,
} from "../../shared/responses/songs";
import { publicUserSchema, sessionAnswerSchema } from "../../shared/responses/user";
import { mailPreferencesSchema } from "../../shared/mail-preferences";
import { accountSessionsSchema } from "../../shared/sessions";

/**
 * Every answer the web reads, by name: the server's own response schemas
 * (decision 101). apiFetch names one per call; its type is the call's result
 * type, and in development and tests (`import.meta.env.DEV`) the answer is
 * checked against it. Production never loads this module: apiFetch imports
 * only its types, and its one dynamic import sits behind the DEV flag, which
 * the production build replaces with false.
 */
export const answerSchemas = {
  accountSessions: accountSessionsSchema,
  artistOptions: artistOptionsSchema,
  chatContacts: chatContactsSchema,
  chatMessage: chatMessageSchema,
  chatMessages: chatMessagesSchema,
  deskInbox: deskInboxSchema,
  deskReleaseDetail: deskReleaseDetailSchema,
  deskReleaseList: deskReleaseListSchema,
  deskRoom: deskRoomSchema,
  deskUnread: deskUnreadSchema,
  emailChanged: emailChangedSchema,
  lastRead: lastReadSchema,
  mailPreferences: mailPreferencesSchema,
  messageSearchResult: messageSearchResultSchema,
  /** A 204 (a deleted release): no body, read as null. */
  nothing: z.null(),
  ok: okSchema,
  okMessage: okMessageSchema,
  openedRoom: openedRoomSchema,
  ownAvailability: ownAvailabilitySchema,
  publicConfig: publicConfigSchema,
  publicUser: publicUserSchema,
  releaseDetail: releaseDetailSchema,
  releaseSummaries: releaseSummariesSchema,
  releaseWithReview: releaseWithReviewSchema,
  replyVariables: replyVariablesSchema,
  savedReplies: savedRepliesSchema,
  savedReply: savedReplySchema,
  sessionAnswer: sessionAnswerSchema,
  sessionsEnded: sessionsEndedSchema,
  signedIn: signedInSchema,
  signedOut: signedOutSchema,
  songCounts: songCountsSchema,
  songDetailPage: songDetailPageSchema,
  songNotices: songNoticesSchema,
  songRecord: songRecordSchema,
  songStores: songStoresSchema,
  songSummaries: songSummariesSchema,
  songSummaryPage: songSummaryPageSchema,
  uploadedFile: uploadedFileSchema,
} satisfies Record<string, z.ZodType>;

export type AnswerName = keyof typeof answerSchemas;
/** What apiFetch resolves to for an answer name. */
export type Answer<N extends AnswerName> = z.output<(typeof answerSchemas)[N]>;

/** An answer of a shape the web does not expect: a bug on one side, shown in development and tests. */
export class ApiAnswerError extends Error {
  constructor(
    readonly path: string,
    readonly answer: AnswerName,
    readonly issues: z.core.$ZodIssue[],
  ) {
    const where = (issue: z.core.$ZodIssue) =>
      issue.path.length ? issue.path.map(String).join(".") : "(the answer)";
    super(
      `${path} answered a shape that is not ${answer}: ${issues
        .map((issue) => `${where(issue)}: ${issue.message}`)
        .join("; ")}`,
    );
    this.name = "ApiAnswerError";
  }
}

/**
 * Checks an answer against its schema; throws ApiAnswerError when it does not
 * match. The answer itself is kept as it came (not the parse's copy), so that
 * development and production see the same object.
 */
export function checkAnswer(path: string, answer: AnswerName, data: unknown): void {
  const result = answerSchemas[answer].safeParse(data);
  if (!result.success) throw new ApiAnswerError(path, answer, result.error.issues);
}
