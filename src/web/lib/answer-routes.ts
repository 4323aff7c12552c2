/**
 * The routes each answer name comes from ("METHOD /api/path/:param"), for the
 * development check in api-answers.ts: an answer named for another route
 * fails there even when its shape happens to fit (issue 48). Loaded only with
 * api-answers, never in production. `answer-routes.integration.test.ts`
 * checks this table against the server's own response schemas, both ways;
 * api-answers.ts checks that it names every answer.
 */
export const answerRoutes = {
  accountSessions: ["GET /api/account/sessions"],
  artistOptions: ["GET /api/artists"],
  chatContacts: ["GET /api/chat/contacts"],
  chatMessage: ["POST /api/desk/rooms/:id/notes"],
  chatMessages: ["GET /api/chat/rooms/:id/messages"],
  deskInbox: ["GET /api/desk/conversations"],
  deskReleaseDetail: [
    "GET /api/desk/releases/:id",
    "POST /api/desk/releases/:id/approve",
    "POST /api/desk/releases/:id/reject",
    "POST /api/desk/releases/:id/request-changes",
    "POST /api/desk/releases/:id/start-review",
    "PUT /api/desk/releases/:id/stores",
  ],
  deskReleaseList: ["GET /api/desk/releases"],
  deskRoom: [
    "GET /api/desk/rooms/:id",
    "POST /api/desk/rooms/:id/reopen",
    "POST /api/desk/rooms/:id/resolve",
    "PUT /api/desk/rooms/:id/assignee",
  ],
  deskSongRecord: ["GET /api/desk/songs/:id"],
  deskUnread: ["GET /api/desk/unread"],
  emailChanged: ["POST /api/account/change-email"],
  lastRead: ["POST /api/chat/rooms/:id/read"],
  mailPreferences: ["GET /api/mail/preferences", "PUT /api/mail/preferences"],
  messageSearchResult: ["GET /api/chat/rooms/:id/search"],
  nothing: [
    "POST /api/split-invites/:token/claim",
    "DELETE /api/releases/:id",
    "POST /api/desk/payouts/:id/approve",
    "POST /api/desk/payouts/:id/paid",
    "POST /api/desk/payouts/:id/failed",
  ],
  ok: [
    "DELETE /api/account/sessions/:id",
    "DELETE /api/saved-replies/:id",
    "GET /api/auth/reset-password/status",
    "POST /api/account/change-password",
    "POST /api/account/delete",
    "POST /api/account/verify-password",
    "POST /api/auth/reset-password",
  ],
  okMessage: [
    "POST /api/account/undo-email-change",
    "POST /api/auth/forgot-password",
    "POST /api/mail/unsubscribe",
  ],
  openedRoom: ["PUT /api/chat/rooms/with/:id"],
  ownAvailability: ["GET /api/availability", "PUT /api/availability"],
  payoutDetails: ["GET /api/wallet/payout-details", "PUT /api/wallet/payout-details"],
  publicConfig: ["GET /api/config"],
  publicUser: ["GET /api/me", "PATCH /api/profile", "PUT /api/profile/picture"],
  releaseDetail: [
    "POST /api/releases",
    "POST /api/releases/:id/submit",
    "POST /api/releases/:id/withdraw",
    "PUT /api/releases/:id",
  ],
  releaseSummaries: ["GET /api/releases"],
  releaseWithReview: ["GET /api/releases/:id"],
  replyVariables: ["GET /api/chat/rooms/:id/reply-variables"],
  savedReplies: ["GET /api/saved-replies"],
  savedReply: ["POST /api/saved-replies", "PUT /api/saved-replies/:id"],
  sessionAnswer: ["GET /api/session"],
  sessionsEnded: ["POST /api/account/sessions/sign-out-others"],
  signedIn: ["POST /api/auth/sign-in/email", "POST /api/auth/sign-up/email"],
  signedOut: ["POST /api/auth/sign-out"],
  songCounts: ["GET /api/songs/counts"],
  songDetailPage: ["GET /api/desk/songs"],
  songNotices: ["GET /api/songs/notices"],
  songRecord: [
    "GET /api/songs/:id",
    "POST /api/desk/songs",
    "POST /api/songs/:id/views",
    "PUT /api/desk/songs/:id",
  ],
  songStores: ["GET /api/songs/:id/stores"],
  songSummaries: ["GET /api/desk/artists/:id/songs"],
  songSummaryPage: ["GET /api/songs"],
  uploadedFile: ["GET /api/uploads/:uploadId/file"],
  artistBalance: ["GET /api/desk/artists/:id/balance"],
  earningsBreakdown: ["GET /api/wallet/earnings"],
  financeArtist: ["PUT /api/desk/artists/:id/royalty-rate"],
  financeArtistList: ["GET /api/desk/artists"],
  myRoles: ["GET /api/me/roles"],
  songEarnings: ["GET /api/songs/:id/earnings"],
  statementDetail: [
    "GET /api/desk/statements/:id",
    "POST /api/desk/statements/:id/import",
    "POST /api/desk/statements/:id/preview",
    "POST /api/desk/statements/:id/reverse",
    "POST /api/desk/statements/:id/unmatched/assign",
  ],
  statementList: ["GET /api/desk/statements"],
  trackMatchList: ["GET /api/desk/tracks"],
  unmatchedList: ["GET /api/desk/statements/:id/unmatched"],
  walletSummary: ["GET /api/wallet"],
  walletTransactionPage: ["GET /api/wallet/transactions"],
  withdrawal: ["POST /api/wallet/withdrawals"],
  withdrawalList: ["GET /api/wallet/withdrawals"],
  withdrawalPreview: ["GET /api/wallet/withdrawals/preview"],
  taxSummary: ["GET /api/wallet/tax"],
  payoutDesk: ["GET /api/desk/payouts"],
  approvedWithdrawals: ["POST /api/desk/payouts/approve"],
  trackSplits: [
    "GET /api/releases/:releaseId/tracks/:trackId/splits",
    "PUT /api/releases/:releaseId/tracks/:trackId/splits",
  ],
  mySplits: ["GET /api/wallet/splits"],
  splitAnswer: [
    "POST /api/wallet/splits/:shareId/accept",
    "POST /api/wallet/splits/:shareId/decline",
  ],
  splitInvitePreview: ["GET /api/split-invites/:token"],
} as const;

/** Whether a call ("GET /api/songs/abc?x=1") is one of these routes. */
export function callMatchesRoute(call: string, route: string): boolean {
  const [callMethod, callTarget = ""] = call.split(" ", 2);
  const [routeMethod, routePath = ""] = route.split(" ", 2);
  if (callMethod !== routeMethod) return false;
  const pathname = callTarget.split(/[?#]/, 1)[0]!;
  const callParts = pathname.split("/");
  const routeParts = routePath.split("/");
  return (
    callParts.length === routeParts.length &&
    routeParts.every((part, i) =>
      part.startsWith(":") ? callParts[i] !== "" : part === callParts[i],
    )
  );
}
