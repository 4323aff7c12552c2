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
import { payoutDetailsViewSchema } from "../../shared/responses/payout-details";
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
  deskSongRecordSchema,
  songSummariesSchema,
  songSummaryPageSchema,
} from "../../shared/responses/songs";
import { publicUserSchema, sessionAnswerSchema } from "../../shared/responses/user";
import {
  mySplitsSchema,
  splitAnswerSchema,
  splitInvitePreviewSchema,
  trackSplitsSchema,
} from "../../shared/responses/splits";
import {
  approvedWithdrawalsSchema,
  payoutDeskSchema,
  taxSummarySchema,
  withdrawalListSchema,
  withdrawalPreviewSchema,
  withdrawalSchema,
} from "../../shared/responses/withdrawals";
import {
  financeArtistListSchema,
  financeArtistSchema,
  statementDetailSchema,
  statementListSchema,
  trackMatchListSchema,
  unmatchedListSchema,
} from "../../shared/responses/statements";
import {
  artistBalanceSchema,
  earningsBreakdownSchema,
  myRolesSchema,
  songEarningsSchema,
  walletSummarySchema,
  walletTransactionPageSchema,
} from "../../shared/responses/wallet";
import { mailPreferencesSchema } from "../../shared/mail-preferences";
import { accountSessionsSchema } from "../../shared/sessions";
import { answerRoutes, callMatchesRoute } from "./answer-routes";

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
  artistBalance: artistBalanceSchema,
  artistOptions: artistOptionsSchema,
  chatContacts: chatContactsSchema,
  chatMessage: chatMessageSchema,
  chatMessages: chatMessagesSchema,
  deskInbox: deskInboxSchema,
  deskReleaseDetail: deskReleaseDetailSchema,
  deskReleaseList: deskReleaseListSchema,
  deskRoom: deskRoomSchema,
  deskUnread: deskUnreadSchema,
  earningsBreakdown: earningsBreakdownSchema,
  emailChanged: emailChangedSchema,
  financeArtist: financeArtistSchema,
  financeArtistList: financeArtistListSchema,
  lastRead: lastReadSchema,
  mailPreferences: mailPreferencesSchema,
  messageSearchResult: messageSearchResultSchema,
  myRoles: myRolesSchema,
  /** A 204 (a deleted release): no body, read as null. */
  nothing: z.null(),
  ok: okSchema,
  okMessage: okMessageSchema,
  openedRoom: openedRoomSchema,
  payoutDetails: payoutDetailsViewSchema,
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
  songEarnings: songEarningsSchema,
  songDetailPage: songDetailPageSchema,
  songNotices: songNoticesSchema,
  songRecord: songRecordSchema,
  deskSongRecord: deskSongRecordSchema,
  songStores: songStoresSchema,
  songSummaries: songSummariesSchema,
  songSummaryPage: songSummaryPageSchema,
  statementDetail: statementDetailSchema,
  statementList: statementListSchema,
  trackMatchList: trackMatchListSchema,
  unmatchedList: unmatchedListSchema,
  uploadedFile: uploadedFileSchema,
  walletSummary: walletSummarySchema,
  walletTransactionPage: walletTransactionPageSchema,
  // Issue 47: withdrawals, the tax summary and the payouts desk.
  withdrawal: withdrawalSchema,
  withdrawalList: withdrawalListSchema,
  withdrawalPreview: withdrawalPreviewSchema,
  taxSummary: taxSummarySchema,
  payoutDesk: payoutDeskSchema,
  approvedWithdrawals: approvedWithdrawalsSchema,
  // Issue 47: splits.
  trackSplits: trackSplitsSchema,
  mySplits: mySplitsSchema,
  splitAnswer: splitAnswerSchema,
  splitInvitePreview: splitInvitePreviewSchema,
} satisfies Record<string, z.ZodType>;

export type AnswerName = keyof typeof answerSchemas;

// Every answer name has its routes (answer-routes.ts).
answerRoutes satisfies Record<AnswerName, readonly string[]>;

/** What apiFetch resolves to for an answer name. */
export type Answer<N extends AnswerName> = z.output<(typeof answerSchemas)[N]>;

/** An answer of a shape the web does not expect: a bug on one side, shown in development and tests. */
export class ApiAnswerError extends Error {
  constructor(
    readonly path: string,
    readonly answer: AnswerName,
    readonly issues: z.core.$ZodIssue[],
    /** Set when the name itself is wrong for this route, whatever the shape. */
    readonly routes?: readonly string[],
  ) {
    const where = (issue: z.core.$ZodIssue) =>
      issue.path.length ? issue.path.map(String).join(".") : "(the answer)";
    super(
      routes
        ? `${path} does not answer ${answer}, which only ${routes.join(", ")} answer${routes.length === 1 ? "s" : ""}`
        : `${path} answered a shape that is not ${answer}: ${issues
            .map((issue) => `${where(issue)}: ${issue.message}`)
            .join("; ")}`,
    );
    this.name = "ApiAnswerError";
  }
}

/**
 * Checks an answer against its schema, and that the call is one of the
 * routes that answer it (a wrong name whose shape happens to fit is still
 * wrong); throws ApiAnswerError when not. The answer itself is kept as it
 * came (not the parse's copy), so that development and production see the
 * same object.
 */
export function checkAnswer(path: string, answer: AnswerName, data: unknown): void {
  const routes: readonly string[] = answerRoutes[answer];
  if (!routes.some((route) => callMatchesRoute(path, route))) {
    throw new ApiAnswerError(path, answer, [], routes);
  }
  const result = answerSchemas[answer].safeParse(data);
  if (!result.success) throw new ApiAnswerError(path, answer, result.error.issues);
}
