import type { RouteOptions } from "fastify";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../../cli/seed/solid-png";
import { WATCH_AGENTS_ONLY, chatEvents } from "../../shared/chat-events";
import { deskEvents } from "../../shared/desk-events";
import {
  connectError,
  connectSocket,
  connected,
  createUser,
  listen,
  nextEvent,
  send,
  type TestUser,
  watchRoom,
} from "../test/chat-test-helpers";
import { createMemoryAttemptLimiter } from "../auth/attempt-limiter";
import { insertSong } from "../features/songs/song-repository";
import { ORIGIN, STRONG_PASSWORD, createTestApp, signIn, uniqueEmail } from "../test/test-app";
import type { TestApp } from "../test/test-app";
import { routeCollector } from "../test/route-table";
import { songValues } from "../test/song-values";
import { tusUpload } from "../test/tus-upload";
import {
  createFinanceAgent,
  importStatement,
  insertClaimedRelease,
  preview,
  uploadStatement,
} from "../test/statement-fixtures";

/**
 * Who may do what: every API route and method × {signed out, artist A,
 * artist B, agent}, each cell asserted. The resources are A's (A's song, A's
 * room with the agent, A's files). The route table comes from the app
 * itself, so a route added without its row here fails the suite.
 */
type Persona = "out" | "a" | "b" | "agent" | "finance";
const PERSONAS: readonly Persona[] = ["out", "a", "b", "agent", "finance"];

interface Fixture {
  a: TestUser;
  b: TestUser;
  agent: TestUser;
  /** A second session per persona, for the routes that end the one they are called with. */
  spare: Record<Persona, string>;
  /** Ids of A's other sessions, one per persona that tries to end it. */
  aSessions: Record<Persona, string>;
  songId: string;
  /** A's draft release, and one draft of A's per persona for the deletes. */
  releaseId: string;
  doomedReleases: Record<Persona, string>;
  roomId: string;
  /** A finished chat file in A's room. */
  chatFileId: string;
  /** A's finished avatar upload, not yet used. */
  avatarId: string;
  /** An upload A started and did not finish. */
  unfinishedId: string;
  /** Saved replies the agent made: one to change, one to remove. */
  savedReplyId: string;
  doomedReplyId: string;
  /** A finance agent (issue 46): a support agent with the finance role. */
  finance: TestUser;
  /** Statements in each state a finance route needs: uploaded, previewed, imported twice. */
  statements: { uploaded: string; previewed: string; imported: string; doomed: string };
  /** A track whose artist an unmatched code can be assigned to. */
  trackId: string;
  /** The live release of that track (A's). */
  trackReleaseId: string;
  /** A's split of that track with B, invited (issue 47). */
  splitShareId: string;
}

interface Call {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** A row: the request each persona makes, and the status each must get. */
interface Row {
  call: (f: Fixture, who: Persona) => Call;
  /** The finance agent, an agent too, gets the agent's answer unless the row says. */
  expect: Record<Exclude<Persona, "finance">, number> & { finance?: number };
}

const expected = (row: Row, who: Persona): number =>
  who === "finance" ? (row.expect.finance ?? row.expect.agent) : row.expect[who];

/** Issue 46: statements, rates and the ledger are the finance agents' alone. */
const financeOnly = (ok: number): Row["expect"] => ({
  out: 401,
  a: 403,
  b: 403,
  agent: 403,
  finance: ok,
});

const allowed = (ok: number, out = 401): Row["expect"] => ({
  out,
  a: ok,
  b: ok,
  agent: ok,
});
const everyone = (status: number): Row["expect"] => allowed(status, status);
/** A withdrawal id that exists nowhere: the finance agent gets past authorization to a 404. */
const NO_WITHDRAWAL = "00000000-0000-4000-8000-000000000000";
const agentsOnly = (ok: number): Row["expect"] => ({
  out: 401,
  a: 403,
  b: 403,
  agent: ok,
});
const aAndAgent = (ok: number, stranger = 404): Row["expect"] => ({
  out: 401,
  a: ok,
  b: stranger,
  agent: ok,
});

const tusHeaders = { "tus-resumable": "1.0.0" };
const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");
const png = solidPng(4, 4, [10, 20, 30]);

const wrongPassword = "Not-the-password-1";

const ROWS: Record<string, Row> = {
  "GET /api/openapi.json": { call: () => ({ url: "/api/openapi.json" }), expect: everyone(200) },
  "POST /api/auth/sign-up/email": {
    call: () => ({
      url: "/api/auth/sign-up/email",
      payload: {
        name: "New Artist",
        email: uniqueEmail("m"),
        password: STRONG_PASSWORD,
        consent: true,
      },
    }),
    expect: everyone(200),
  },
  "POST /api/auth/sign-in/email": {
    call: (f, who) => ({
      url: "/api/auth/sign-in/email",
      payload: { email: who === "out" ? f.a.email : f[who].email, password: STRONG_PASSWORD },
    }),
    expect: everyone(200),
  },
  "GET /api/auth/get-session": {
    call: () => ({ url: "/api/auth/get-session" }),
    expect: everyone(200),
  },
  "POST /api/auth/sign-out": {
    call: (f, who) => ({
      url: "/api/auth/sign-out",
      headers: { cookie: who === "out" ? "" : f.spare[who] },
    }),
    expect: everyone(200),
  },
  "POST /api/auth/forgot-password": {
    // Each persona asks for their own address (the route limits requests per address).
    call: (f, who) => ({
      url: "/api/auth/forgot-password",
      payload: { email: who === "out" ? uniqueEmail("forgot") : f[who].email },
    }),
    expect: everyone(200),
  },
  "GET /api/auth/reset-password/status": {
    call: () => ({ url: `/api/auth/reset-password/status?token=${"x".repeat(43)}` }),
    expect: everyone(400),
  },
  "POST /api/auth/reset-password": {
    call: () => ({
      url: "/api/auth/reset-password",
      payload: {
        token: "x".repeat(43),
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
      },
    }),
    expect: everyone(400),
  },
  "GET /api/mail/preferences": {
    call: () => ({ url: "/api/mail/preferences" }),
    expect: allowed(200),
  },
  "PUT /api/mail/preferences": {
    call: () => ({ url: "/api/mail/preferences", payload: { unreadNotices: true } }),
    expect: allowed(200),
  },
  // Signed out by design (one-click unsubscribe), but only with a signed token.
  "POST /api/mail/unsubscribe": {
    call: () => ({ url: `/api/mail/unsubscribe?token=abc.${"x".repeat(43)}` }),
    expect: everyone(400),
  },
  "GET /api/health/live": { call: () => ({ url: "/api/health/live" }), expect: everyone(200) },
  "GET /api/health/ready": { call: () => ({ url: "/api/health/ready" }), expect: everyone(200) },
  "GET /api/health": { call: () => ({ url: "/api/health" }), expect: everyone(200) },
  "GET /api/config": { call: () => ({ url: "/api/config" }), expect: everyone(200) },
  "GET /api/me": { call: () => ({ url: "/api/me" }), expect: allowed(200) },
  "GET /api/me/roles": { call: () => ({ url: "/api/me/roles" }), expect: allowed(200) },
  // Statements, royalty rates and Find a track (issue 46): finance agents only.
  "GET /api/desk/statements": {
    call: () => ({ url: "/api/desk/statements" }),
    expect: financeOnly(200),
  },
  "GET /api/desk/statements/:id": {
    call: (f) => ({ url: `/api/desk/statements/${f.statements.previewed}` }),
    expect: financeOnly(200),
  },
  "POST /api/desk/statements/:id/preview": {
    call: (f) => ({
      url: `/api/desk/statements/${f.statements.uploaded}/preview`,
      payload: { mapping: matrixMapping, store: null, saleMonth: null, currency: null, rates: {} },
    }),
    expect: financeOnly(202),
  },
  "POST /api/desk/statements/:id/import": {
    call: (f) => ({ url: `/api/desk/statements/${f.statements.previewed}/import` }),
    expect: financeOnly(202),
  },
  "POST /api/desk/statements/:id/reverse": {
    call: (f) => ({ url: `/api/desk/statements/${f.statements.doomed}/reverse` }),
    expect: financeOnly(200),
  },
  "GET /api/desk/statements/:id/unmatched": {
    call: (f) => ({ url: `/api/desk/statements/${f.statements.imported}/unmatched` }),
    expect: financeOnly(200),
  },
  "POST /api/desk/statements/:id/unmatched/assign": {
    call: (f) => ({
      url: `/api/desk/statements/${f.statements.imported}/unmatched/assign`,
      payload: { code: "USMX12600001", trackId: f.trackId },
    }),
    expect: financeOnly(200),
  },
  "GET /api/desk/tracks": {
    call: () => ({ url: "/api/desk/tracks?q=matrix" }),
    expect: financeOnly(200),
  },
  "GET /api/desk/artists": {
    call: () => ({ url: "/api/desk/artists" }),
    expect: financeOnly(200),
  },
  "PUT /api/desk/artists/:id/royalty-rate": {
    call: (f) => ({ url: `/api/desk/artists/${f.a.id}/royalty-rate`, payload: { percent: "80" } }),
    expect: financeOnly(200),
  },
  "GET /api/session": { call: () => ({ url: "/api/session" }), expect: everyone(200) },
  "PATCH /api/profile": {
    call: () => ({ url: "/api/profile", payload: { bio: "Written by the matrix" } }),
    expect: allowed(200),
  },
  // Only the uploader may use an avatar upload as their picture.
  "PUT /api/profile/picture": {
    call: (f) => ({ url: "/api/profile/picture", payload: { fileId: f.avatarId } }),
    expect: { out: 401, a: 200, b: 404, agent: 404 },
  },
  // Creating an upload for A's room: A and the agent in it, not B.
  "POST /api/uploads": {
    call: (f) => ({
      url: "/api/uploads",
      headers: {
        ...tusHeaders,
        "upload-length": String(png.length),
        "upload-metadata": meta({
          purpose: "chat",
          filename: "m.png",
          filetype: "image/png",
          roomId: f.roomId,
        }),
      },
    }),
    expect: { out: 401, a: 201, b: 403, agent: 201 },
  },
  // An upload is the uploader's alone: nobody else may inspect, continue or cancel it.
  "HEAD /api/uploads/:uploadId": {
    call: (f) => ({ url: `/api/uploads/${f.unfinishedId}`, headers: tusHeaders }),
    expect: { out: 401, a: 200, b: 404, agent: 404 },
  },
  "PATCH /api/uploads/:uploadId": {
    call: (f) => ({
      url: `/api/uploads/${f.unfinishedId}`,
      headers: {
        ...tusHeaders,
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      },
      payload: Buffer.from([0x89]),
    }),
    expect: { out: 401, a: 204, b: 404, agent: 404 },
  },
  "DELETE /api/uploads/:uploadId": {
    call: (f) => ({ url: `/api/uploads/${f.chatFileId}`, headers: tusHeaders }),
    // A finished file is never cancelled through tus, not even by its owner.
    expect: { out: 401, a: 400, b: 404, agent: 404 },
  },
  "GET /api/uploads/:uploadId/file": {
    call: (f) => ({ url: `/api/uploads/${f.chatFileId}/file` }),
    expect: { out: 401, a: 200, b: 404, agent: 404 },
  },
  "GET /api/files/:id": {
    call: (f) => ({ url: `/api/files/${f.chatFileId}` }),
    expect: aAndAgent(200),
  },
  "GET /api/chat/contacts": {
    call: () => ({ url: "/api/chat/contacts?q=" }),
    expect: allowed(200),
  },
  // The team desk (decision 040): agents only, every agent, never an artist.
  "GET /api/desk/conversations": {
    call: () => ({ url: "/api/desk/conversations?view=team" }),
    expect: agentsOnly(200),
  },
  "GET /api/desk/unread": {
    call: () => ({ url: "/api/desk/unread" }),
    expect: agentsOnly(200),
  },
  "GET /api/desk/rooms/:id": {
    call: (f) => ({ url: `/api/desk/rooms/${f.roomId}` }),
    expect: agentsOnly(200),
  },
  "PUT /api/desk/rooms/:id/assignee": {
    call: (f) => ({
      url: `/api/desk/rooms/${f.roomId}/assignee`,
      payload: { assigneeId: f.agent.id },
    }),
    expect: agentsOnly(200),
  },
  "POST /api/desk/rooms/:id/resolve": {
    call: (f) => ({ url: `/api/desk/rooms/${f.roomId}/resolve` }),
    expect: agentsOnly(200),
  },
  "POST /api/desk/rooms/:id/reopen": {
    call: (f) => ({ url: `/api/desk/rooms/${f.roomId}/reopen` }),
    expect: agentsOnly(200),
  },
  "POST /api/desk/rooms/:id/notes": {
    call: (f) => ({
      url: `/api/desk/rooms/${f.roomId}/notes`,
      payload: { id: crypto.randomUUID(), text: "matrix note" },
    }),
    expect: agentsOnly(200),
  },
  // A room with artist A: the agent may open it; another artist may not, nor A with A.
  "PUT /api/chat/rooms/with/:id": {
    call: (f) => ({ url: `/api/chat/rooms/with/${f.a.id}` }),
    expect: { out: 401, a: 404, b: 403, agent: 200 },
  },
  "GET /api/chat/rooms/:id/messages": {
    call: (f) => ({ url: `/api/chat/rooms/${f.roomId}/messages` }),
    expect: aAndAgent(200, 403),
  },
  "POST /api/chat/rooms/:id/read": {
    call: (f) => ({ url: `/api/chat/rooms/${f.roomId}/read` }),
    expect: aAndAgent(200, 403),
  },
  "GET /api/chat/rooms/:id/search": {
    call: (f) => ({ url: `/api/chat/rooms/${f.roomId}/search?q=hello` }),
    expect: aAndAgent(200, 403),
  },
  // Saved replies and their variables are the agents' tools alone.
  "GET /api/chat/rooms/:id/reply-variables": {
    call: (f) => ({ url: `/api/chat/rooms/${f.roomId}/reply-variables` }),
    expect: agentsOnly(200),
  },
  "GET /api/saved-replies": {
    call: () => ({ url: "/api/saved-replies" }),
    expect: agentsOnly(200),
  },
  "POST /api/saved-replies": {
    call: (_f, who) => ({
      url: "/api/saved-replies",
      payload: { shortcut: `matrix-${who}`, text: "Hello {{artist.name}}" },
    }),
    expect: agentsOnly(201),
  },
  "PUT /api/saved-replies/:id": {
    call: (f, who) => ({
      url: `/api/saved-replies/${f.savedReplyId}`,
      payload: { shortcut: "fixture", text: `Changed by ${who}` },
    }),
    expect: agentsOnly(200),
  },
  "DELETE /api/saved-replies/:id": {
    call: (f) => ({ url: `/api/saved-replies/${f.doomedReplyId}` }),
    // The finance agent asks after the agent removed it: gone, but allowed.
    expect: { ...agentsOnly(200), finance: 404 },
  },
  "GET /api/availability": { call: () => ({ url: "/api/availability" }), expect: agentsOnly(200) },
  "PUT /api/availability": {
    call: () => ({ url: "/api/availability", payload: { away: false } }),
    expect: agentsOnly(200),
  },
  "POST /api/client-errors": {
    call: () => ({ url: "/api/client-errors", payload: { kind: "send", message: "matrix" } }),
    expect: allowed(204),
  },
  "GET /api/songs": { call: () => ({ url: "/api/songs" }), expect: allowed(200) },
  "GET /api/songs/counts": { call: () => ({ url: "/api/songs/counts" }), expect: allowed(200) },
  "GET /api/songs/notices": { call: () => ({ url: "/api/songs/notices" }), expect: allowed(200) },
  // An artist's song is theirs alone on the artist side; agents use the desk.
  "GET /api/songs/:id": {
    call: (f) => ({ url: `/api/songs/${f.songId}` }),
    expect: { out: 401, a: 200, b: 404, agent: 404 },
  },
  "POST /api/songs/:id/views": {
    call: (f) => ({ url: `/api/songs/${f.songId}/views` }),
    expect: { out: 401, a: 200, b: 404, agent: 404 },
  },
  // Releases: only artists create; A's release is A's to change, agents
  // read it (403 on writes), B is told it does not exist. Writes name a
  // stale version or a wrong state, so a permitted call changes nothing.
  "POST /api/releases": {
    call: () => ({ url: "/api/releases", payload: {} }),
    expect: { out: 401, a: 201, b: 201, agent: 403 },
  },
  "GET /api/releases": { call: () => ({ url: "/api/releases" }), expect: allowed(200) },
  "GET /api/releases/:id": {
    call: (f) => ({ url: `/api/releases/${f.releaseId}` }),
    expect: aAndAgent(200),
  },
  "PUT /api/releases/:id": {
    call: (f) => ({ url: `/api/releases/${f.releaseId}`, payload: { version: 999 } }),
    expect: { out: 401, a: 409, b: 404, agent: 403 },
  },
  "DELETE /api/releases/:id": {
    call: (f, who) => ({ url: `/api/releases/${f.doomedReleases[who]}` }),
    expect: { out: 401, a: 204, b: 404, agent: 403 },
  },
  "POST /api/releases/:id/submit": {
    call: (f) => ({
      url: `/api/releases/${f.releaseId}/submit`,
      payload: { version: 999, acknowledgedWarnings: [] },
    }),
    expect: { out: 401, a: 409, b: 404, agent: 403 },
  },
  "POST /api/releases/:id/withdraw": {
    call: (f) => ({ url: `/api/releases/${f.releaseId}/withdraw`, payload: { version: 1 } }),
    expect: { out: 401, a: 409, b: 404, agent: 403 },
  },
  // The desk's release review (issue 40): agents only. A's release is a
  // draft, which the desk does not see (404); steps name a stale version
  // (409) or a state that refuses them, so a permitted call changes nothing.
  "GET /api/desk/releases": {
    call: () => ({ url: "/api/desk/releases?view=submitted" }),
    expect: agentsOnly(200),
  },
  "GET /api/desk/releases/:id": {
    call: (f) => ({ url: `/api/desk/releases/${f.releaseId}` }),
    expect: agentsOnly(404),
  },
  "POST /api/desk/releases/:id/start-review": {
    call: (f) => ({
      url: `/api/desk/releases/${f.releaseId}/start-review`,
      payload: { version: 999 },
    }),
    expect: agentsOnly(404),
  },
  "POST /api/desk/releases/:id/request-changes": {
    call: (f) => ({
      url: `/api/desk/releases/${f.releaseId}/request-changes`,
      payload: { version: 999, items: [{ reason: "Other", note: "Fix it" }] },
    }),
    expect: agentsOnly(404),
  },
  "POST /api/desk/releases/:id/approve": {
    call: (f) => ({ url: `/api/desk/releases/${f.releaseId}/approve`, payload: { version: 999 } }),
    expect: agentsOnly(404),
  },
  "POST /api/desk/releases/:id/reject": {
    call: (f) => ({
      url: `/api/desk/releases/${f.releaseId}/reject`,
      payload: { version: 999, reason: "artwork", note: "" },
    }),
    expect: agentsOnly(404),
  },
  "PUT /api/desk/releases/:id/stores": {
    call: (f) => ({
      url: `/api/desk/releases/${f.releaseId}/stores`,
      payload: { version: 999, deliveries: [{ store: "Gaana", state: "Pending" }] },
    }),
    expect: agentsOnly(404),
  },
  "GET /api/songs/:id/stores": {
    call: (f) => ({ url: `/api/songs/${f.songId}/stores` }),
    expect: aAndAgent(200),
  },
  "GET /api/artists": { call: () => ({ url: "/api/artists?q=" }), expect: agentsOnly(200) },
  "GET /api/desk/songs": { call: () => ({ url: "/api/desk/songs" }), expect: agentsOnly(200) },
  "GET /api/desk/artists/:id/songs": {
    call: (f) => ({ url: `/api/desk/artists/${f.a.id}/songs` }),
    expect: agentsOnly(200),
  },
  "GET /api/desk/songs/:id": {
    call: (f) => ({ url: `/api/desk/songs/${f.songId}` }),
    expect: agentsOnly(200),
  },
  "POST /api/desk/songs": {
    call: (f) => ({ url: "/api/desk/songs", payload: songValues(f.a.id) }),
    expect: agentsOnly(201),
  },
  "PUT /api/desk/songs/:id": {
    call: (f) => ({
      url: `/api/desk/songs/${f.songId}`,
      payload: { ...songValues(f.a.id), version: 1 },
    }),
    // The finance agent sends version 1 after the agent's change: a conflict, but allowed.
    expect: { ...agentsOnly(200), finance: 409 },
  },
  // The account routes check the current password: a wrong one proves the
  // caller got past authorization without changing anything.
  "POST /api/account/change-password": {
    call: () => ({
      url: "/api/account/change-password",
      payload: {
        currentPassword: wrongPassword,
        newPassword: "An0ther-pass!",
        confirmPassword: "An0ther-pass!",
      },
    }),
    expect: allowed(400),
  },
  "POST /api/account/change-email": {
    call: () => ({
      url: "/api/account/change-email",
      payload: { newEmail: uniqueEmail("moved"), password: wrongPassword },
    }),
    expect: allowed(400),
  },
  "POST /api/account/verify-password": {
    call: () => ({ url: "/api/account/verify-password", payload: { password: wrongPassword } }),
    expect: allowed(400),
  },
  "POST /api/account/delete": {
    call: () => ({
      url: "/api/account/delete",
      payload: { password: wrongPassword, confirm: "DELETE" },
    }),
    // An agent's conversations are the team's: refused before the password is tried.
    expect: { out: 401, a: 400, b: 400, agent: 409 },
  },
  // The link mailed to the old address is the proof: a forged one changes nothing.
  "POST /api/account/undo-email-change": {
    call: () => ({ url: "/api/account/undo-email-change", payload: { token: "x".repeat(43) } }),
    expect: everyone(400),
  },
  // Payout details: each artist reads and writes only their own (no id in the
  // address); agents never. A wrong password proves the artist got past
  // authorization without saving anything.
  "GET /api/wallet/payout-details": {
    call: () => ({ url: "/api/wallet/payout-details" }),
    expect: { out: 401, a: 200, b: 200, agent: 403 },
  },
  "PUT /api/wallet/payout-details": {
    call: () => ({
      url: "/api/wallet/payout-details",
      payload: { method: "upi", upiId: "matrix@okaxis", password: wrongPassword },
    }),
    expect: { out: 401, a: 400, b: 400, agent: 403 },
  },
  // The wallet (issue 46): each artist reads only their own (no id in the
  // address); agents never. A song's earnings: its artist and agents.
  "GET /api/wallet": {
    call: () => ({ url: "/api/wallet" }),
    expect: { out: 401, a: 200, b: 200, agent: 403 },
  },
  "GET /api/wallet/transactions": {
    call: () => ({ url: "/api/wallet/transactions" }),
    expect: { out: 401, a: 200, b: 200, agent: 403 },
  },
  "GET /api/wallet/earnings": {
    call: () => ({ url: "/api/wallet/earnings?period=financialYear" }),
    expect: { out: 401, a: 200, b: 200, agent: 403 },
  },
  "GET /api/wallet/earnings.csv": {
    call: () => ({ url: "/api/wallet/earnings.csv?period=all" }),
    expect: { out: 401, a: 200, b: 200, agent: 403 },
  },
  "GET /api/songs/:id/earnings": {
    call: (f) => ({ url: `/api/songs/${f.songId}/earnings` }),
    expect: aAndAgent(200),
  },
  // Beside a conversation: every agent reads an artist's balance; artists never.
  "GET /api/desk/artists/:id/balance": {
    call: (f) => ({ url: `/api/desk/artists/${f.a.id}/balance` }),
    expect: agentsOnly(200),
  },
  // Withdrawals (issue 47): each artist only their own (no id in the
  // address); agents never. A and B have no payout details: a request is
  // refused with its words after authorization, and nothing moves.
  "GET /api/wallet/withdrawals": {
    call: () => ({ url: "/api/wallet/withdrawals" }),
    expect: { out: 401, a: 200, b: 200, agent: 403 },
  },
  "GET /api/wallet/withdrawals/preview": {
    call: () => ({ url: "/api/wallet/withdrawals/preview?amountPaise=50000" }),
    expect: { out: 401, a: 200, b: 200, agent: 403 },
  },
  "POST /api/wallet/withdrawals": {
    call: (_f, who) => ({
      url: "/api/wallet/withdrawals",
      payload: { amountPaise: 50_000, idempotencyKey: `matrix-${who}-withdrawal` },
    }),
    expect: { out: 401, a: 400, b: 400, agent: 403 },
  },
  "GET /api/wallet/tax": {
    call: () => ({ url: "/api/wallet/tax" }),
    expect: { out: 401, a: 200, b: 200, agent: 403 },
  },
  "GET /api/wallet/tax.csv": {
    call: () => ({ url: "/api/wallet/tax.csv" }),
    expect: { out: 401, a: 200, b: 200, agent: 403 },
  },
  // The payouts desk (issue 47): finance agents only; a support agent is 403.
  "GET /api/desk/payouts": {
    call: () => ({ url: "/api/desk/payouts?view=requested" }),
    expect: financeOnly(200),
  },
  "POST /api/desk/payouts/approve": {
    call: () => ({ url: "/api/desk/payouts/approve", payload: { ids: [NO_WITHDRAWAL] } }),
    expect: financeOnly(200),
  },
  "POST /api/desk/payouts/:id/approve": {
    call: () => ({ url: `/api/desk/payouts/${NO_WITHDRAWAL}/approve` }),
    expect: financeOnly(404),
  },
  "POST /api/desk/payouts/:id/paid": {
    call: () => ({
      url: `/api/desk/payouts/${NO_WITHDRAWAL}/paid`,
      payload: { reference: "UTR1" },
    }),
    expect: financeOnly(404),
  },
  "POST /api/desk/payouts/:id/failed": {
    call: () => ({
      url: `/api/desk/payouts/${NO_WITHDRAWAL}/failed`,
      payload: { reason: "Bounced" },
    }),
    expect: financeOnly(404),
  },
  "GET /api/desk/payouts/bank-file.csv": {
    call: () => ({ url: "/api/desk/payouts/bank-file.csv" }),
    expect: financeOnly(200),
  },
  // Splits (issue 47): A's track, A alone writes; finance agents read; support
  // agents never; B (invited) only answers their own invitation (accepting
  // it first: the decline that follows is 409, past authorization).
  "GET /api/releases/:releaseId/tracks/:trackId/splits": {
    call: (f) => ({ url: `/api/releases/${f.trackReleaseId}/tracks/${f.trackId}/splits` }),
    expect: { out: 401, a: 200, b: 404, agent: 403, finance: 200 },
  },
  "PUT /api/releases/:releaseId/tracks/:trackId/splits": {
    call: (f) => ({
      url: `/api/releases/${f.trackReleaseId}/tracks/${f.trackId}/splits`,
      payload: { collaborators: [{ email: f.b.email, share: "10" }] },
    }),
    expect: { out: 401, a: 200, b: 404, agent: 403 },
  },
  "GET /api/wallet/splits": {
    call: () => ({ url: "/api/wallet/splits" }),
    expect: { out: 401, a: 200, b: 200, agent: 403 },
  },
  "POST /api/wallet/splits/:shareId/accept": {
    call: (f) => ({ url: `/api/wallet/splits/${f.splitShareId}/accept` }),
    expect: { out: 401, a: 404, b: 200, agent: 403 },
  },
  "POST /api/wallet/splits/:shareId/decline": {
    call: (f) => ({ url: `/api/wallet/splits/${f.splitShareId}/decline` }),
    expect: { out: 401, a: 404, b: 409, agent: 403 },
  },
  // Public: the link's preview; a token that matches nothing is 404 for all.
  "GET /api/split-invites/:token": {
    call: () => ({ url: `/api/split-invites/${"t".repeat(43)}` }),
    expect: everyone(404),
  },
  // Claiming a link: signed-in artists only; a token that matches nothing is 404.
  "POST /api/split-invites/:token/claim": {
    call: () => ({ url: `/api/split-invites/${"t".repeat(43)}/claim` }),
    expect: { out: 401, a: 404, b: 404, agent: 403 },
  },
  "GET /api/account/sessions": {
    call: () => ({ url: "/api/account/sessions" }),
    expect: allowed(200),
  },
  // Each persona tries to end one of A's other sessions: only A may.
  "DELETE /api/account/sessions/:id": {
    call: (f, who) => ({ url: `/api/account/sessions/${f.aSessions[who]}` }),
    expect: { out: 401, a: 200, b: 404, agent: 404 },
  },
  "POST /api/account/sessions/sign-out-others": {
    // Ends the persona's other sessions and keeps the one it calls with.
    call: () => ({ url: "/api/account/sessions/sign-out-others" }),
    expect: allowed(200),
  },
};

/** The methods tus answers on its two catch-all routes, and the API's own 404. */
const CATCH_ALL_METHODS: Record<string, readonly string[]> = {
  "/api/uploads": ["POST"],
  "/api/uploads/:uploadId": ["HEAD", "PATCH", "DELETE"],
  "/api/*": ["GET", "POST", "PUT", "PATCH", "DELETE"],
};
ROWS["GET /api/*"] = { call: () => ({ url: "/api/no-such-thing" }), expect: everyone(404) };
for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
  ROWS[`${method} /api/*`] = ROWS["GET /api/*"];
}

const table = routeCollector();
let routes: RouteOptions[] = [];
let t: TestApp;
let url: string;
let f: Fixture;

async function tusCreate(
  user: TestUser,
  purpose: string,
  extra: Record<string, string>,
  length: number,
) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: {
      cookie: user.cookie,
      origin: ORIGIN,
      ...tusHeaders,
      "upload-length": String(length),
      "upload-metadata": meta({ purpose, filename: "f.png", filetype: "image/png", ...extra }),
    },
  });
  return (response.headers.location as string).split("/").pop()!;
}

/** Statement files differ by a line, so none is refused as already imported. */
const statementFile = (n: number) =>
  Buffer.from(
    [
      "ISRC,Store,Country,Sales Month,Net Revenue,Currency,Track Title",
      `INA1B2609901,Spotify,IN,2026-10,${n},INR,Matrix Song`,
      `USMX12600001,Spotify,IN,2026-10,1,INR,Nobody's Song`,
    ].join("\n"),
  );

/** One statement per state the finance routes need, A's track to assign a code to. */
async function statementFixtures(finance: TestUser, artistId: string) {
  const { releaseId, trackIds } = await insertClaimedRelease(t.app.ctx.database.db, artistId, {
    upc: "8901234569901",
    tracks: [{ title: "Matrix Song", isrc: "INA1B2609901" }],
  });
  const ids: string[] = [];
  for (let n = 1; n <= 4; n++) {
    const uploaded = await uploadStatement(t.app, finance.cookie, statementFile(n));
    if (!("id" in uploaded)) throw new Error(uploaded.message);
    ids.push(uploaded.id);
  }
  const [uploaded, previewed, imported, doomed] = ids as [string, string, string, string];
  for (const id of [previewed, imported, doomed]) {
    await preview(t.app, finance.cookie, id, { mapping: matrixMapping });
  }
  for (const id of [imported, doomed]) await importStatement(t.app, finance.cookie, id);
  return {
    statements: { uploaded, previewed, imported, doomed },
    trackId: trackIds[0]!,
    trackReleaseId: releaseId,
  };
}

/** A invites B to 10% of the live track's earnings; the share's id. */
async function splitFixture(a: TestUser, b: TestUser, releaseId: string, trackId: string) {
  const response = await t.app.inject({
    method: "PUT",
    url: `/api/releases/${releaseId}/tracks/${trackId}/splits`,
    headers: { origin: ORIGIN, cookie: a.cookie },
    payload: { collaborators: [{ email: b.email, share: "10" }] },
  });
  const [share] = response.json<{ collaborators: { id: string }[] }>().collaborators;
  if (!share) throw new Error(`split fixture: ${response.body}`);
  return share.id;
}

const matrixMapping = {
  isrc: "ISRC",
  upc: null,
  store: "Store",
  country: "Country",
  saleMonth: "Sales Month",
  quantity: null,
  netRevenue: "Net Revenue",
  currency: "Currency",
};

async function savedReply(agent: TestUser, shortcut: string): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/saved-replies",
    headers: { cookie: agent.cookie, origin: ORIGIN },
    payload: { shortcut, text: "Hi" },
  });
  return response.json<{ id: string }>().id;
}

beforeAll(async () => {
  // Four wrong-password calls per persona are authorization probes here, not
  // guessing: the per-account limit (its own tests) must not answer them.
  const signInLimiter = createMemoryAttemptLimiter({ maxFailures: 1_000, windowMs: 10_000 });
  t = await createTestApp({ signInLimiter }, undefined, table.hook);
  routes = table.api();
  const a = await createUser(t.app, "Artist A");
  const b = await createUser(t.app, "Artist B");
  const agent = await createUser(t.app, "Agent Matrix", true);
  const finance = await createFinanceAgent(t.app, "Finance Matrix");
  const opened = await t.app.inject({
    method: "PUT",
    url: `/api/chat/rooms/with/${agent.id}`,
    headers: { cookie: a.cookie, origin: ORIGIN },
  });
  const roomId = opened.json<{ roomId: string }>().roomId;
  const chatFile = await tusUpload(t.app, a.cookie, png, {
    purpose: "chat",
    filename: "a.png",
    filetype: "image/png",
    roomId,
  });
  const avatar = await tusUpload(t.app, a.cookie, png, {
    purpose: "avatar",
    filename: "me.png",
    filetype: "image/png",
  });
  const song = await insertSong(t.app.ctx.database.db, songValues(a.id));
  const newRelease = async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/releases",
      headers: { cookie: a.cookie, origin: ORIGIN },
      payload: {},
    });
    return response.json<{ id: string }>().id;
  };
  const doomedReleases = {} as Record<Persona, string>;
  for (const who of PERSONAS) doomedReleases[who] = await newRelease();
  const spare = { out: "" } as Record<Persona, string>;
  for (const [who, user] of [
    ["a", a],
    ["b", b],
    ["agent", agent],
    ["finance", finance],
  ] as const) {
    spare[who] = (await signIn(t.app, user.email)).cookie;
  }
  const aSessions = {} as Record<Persona, string>;
  for (const who of PERSONAS) {
    const { cookie } = await signIn(t.app, a.email);
    const session = await t.app.inject({ url: "/api/auth/get-session", headers: { cookie } });
    aSessions[who] = session.json<{ session: { id: string } }>().session.id;
  }
  const statements = await statementFixtures(finance, a.id);
  f = {
    a,
    b,
    agent,
    spare,
    aSessions,
    songId: song.id,
    releaseId: await newRelease(),
    doomedReleases,
    roomId,
    chatFileId: chatFile.id!,
    avatarId: avatar.id!,
    unfinishedId: await tusCreate(a, "chat", { roomId }, png.length + 5),
    savedReplyId: await savedReply(agent, "fixture"),
    doomedReplyId: await savedReply(agent, "doomed"),
    finance,
    ...statements,
    splitShareId: await splitFixture(a, b, statements.trackReleaseId, statements.trackId),
  };
  url = await listen(t.app);
  // A dozen sign-ups and sign-ins, each a 128 MiB hash: slow on a busy machine.
}, 120_000);
afterAll(() => t.close());

function methodsOf(route: RouteOptions): string[] {
  const declared = Array.isArray(route.method) ? route.method : [route.method];
  return [...(declared.length > 2 ? (CATCH_ALL_METHODS[route.url] ?? declared) : declared)];
}

function cellsOf(): string[] {
  return routes.flatMap((route) => methodsOf(route).map((m) => `${m} ${route.url}`));
}

/** Fastify answers HEAD for every GET route: the same people, the same statuses. */
function rowOf(cell: string): Row | undefined {
  return (
    ROWS[cell] ?? (cell.startsWith("HEAD ") ? ROWS[cell.replace(/^HEAD /, "GET ")] : undefined)
  );
}

describe("authorization matrix", () => {
  it("has a row for every route and method the app serves, and none for a route it lost", () => {
    const cells = cellsOf();
    expect(cells.length).toBeGreaterThan(40);
    expect(cells.filter((cell) => !rowOf(cell))).toEqual([]);
    expect(Object.keys(ROWS).filter((row) => !cells.includes(row))).toEqual([]);
  });

  it("answers every cell as the row says", { timeout: 180_000 }, async () => {
    const wrong: string[] = [];
    for (const cell of cellsOf()) {
      const row = rowOf(cell)!;
      const method = cell.split(" ")[0]!;
      for (const who of PERSONAS) {
        const call = row.call(f, who);
        const cookie = who === "out" ? undefined : f[who].cookie;
        const ask = () =>
          t.app.inject({
            method: method as "GET",
            url: call.url,
            headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...call.headers },
            ...(call.payload === undefined ? {} : { payload: call.payload as object }),
          });
        let response = await ask();
        // A 503 is an engine's state (readiness over a 2 s probe on a loaded
        // CI host), not who may call: asked once more, it must then agree.
        if (response.statusCode === 503 && expected(row, who) !== 503) {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          response = await ask();
        }
        if (response.statusCode !== expected(row, who)) {
          wrong.push(
            `${cell} as ${who}: ${response.statusCode}, expected ${expected(row, who)} (${response.body.slice(0, 300)})`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** The client events the tests below exercise for every persona. */
const COVERED_SOCKET_EVENTS: readonly string[] = [
  chatEvents.send,
  chatEvents.typing,
  "room:watch",
  "room:unwatch",
];

describe("authorization matrix: socket events", () => {
  const sockets: Socket[] = [];
  const open = async (cookie: string) => {
    const socket = connectSocket(url, cookie);
    sockets.push(socket);
    await connected(socket);
    return socket;
  };
  afterAll(() => sockets.forEach((s) => s.disconnect()));

  it("refuses a socket to a signed-out caller", async () => {
    const socket = connectSocket(url, undefined);
    sockets.push(socket);
    expect(await connectError(socket)).toMatch(/sign in/i);
  });

  it(`${chatEvents.send}: A and the agent may send in their room, B may not`, async () => {
    for (const who of ["a", "agent", "b"] as const) {
      const socket = await open(f[who].cookie);
      const ack = await send(socket, {
        id: crypto.randomUUID(),
        roomId: f.roomId,
        text: `from ${who}`,
      });
      expect({ who, ok: ack.ok }).toEqual({ who, ok: who !== "b" });
    }
    const history = await t.app.inject({
      url: `/api/chat/rooms/${f.roomId}/messages`,
      headers: { cookie: f.a.cookie },
    });
    expect(history.json<{ text: string }[]>().map((m) => m.text)).not.toContain("from b");
  });

  it(`${chatEvents.typing}: only a member's typing reaches the other member`, async () => {
    const agent = await open(f.agent.cookie);
    const b = await open(f.b.cookie);
    const heard: string[] = [];
    agent.on(chatEvents.peerTyping, (event: { roomId: string }) => heard.push(event.roomId));
    b.emit(chatEvents.typing, { roomId: f.roomId, typing: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
    const a = await open(f.a.cookie);
    const typing = nextEvent<{ roomId: string }>(agent, chatEvents.peerTyping);
    a.emit(chatEvents.typing, { roomId: f.roomId, typing: true });
    expect((await typing).roomId).toBe(f.roomId);
  });

  it(`${deskEvents.changed} and notes reach agents only, never an artist`, async () => {
    const agent = await open(f.agent.cookie);
    const a = await open(f.a.cookie);
    const b = await open(f.b.cookie);
    const artistsHeard: string[] = [];
    for (const socket of [a, b]) {
      socket.onAny((name: string, payload: { kind?: string } | undefined) => {
        if (name === deskEvents.changed || payload?.kind === "note" || payload?.kind === "event")
          artistsHeard.push(name);
      });
    }
    const changed = nextEvent<{ roomId: string }>(agent, deskEvents.changed);
    await t.app.inject({
      method: "POST",
      url: `/api/desk/rooms/${f.roomId}/resolve`,
      headers: { cookie: f.agent.cookie, origin: ORIGIN },
    });
    expect((await changed).roomId).toBe(f.roomId);
    // Notes reach the agents who have the conversation open; an artist's
    // watch is refused, so no artist socket is ever in a room's channel.
    for (const artist of [a, b]) {
      expect(await watchRoom(artist, f.roomId)).toEqual({ ok: false, error: WATCH_AGENTS_ONLY });
    }
    expect(await watchRoom(agent, f.roomId)).toEqual({ ok: true });
    const note = nextEvent<{ kind?: string }>(agent, chatEvents.message);
    await t.app.inject({
      method: "POST",
      url: `/api/desk/rooms/${f.roomId}/notes`,
      headers: { cookie: f.agent.cookie, origin: ORIGIN },
      payload: { id: crypto.randomUUID(), text: "for agents" },
    });
    expect((await note).kind).toBe("note");
    // Left: the watch is the agent's to end, and unwatch from an artist is harmless.
    a.emit("room:unwatch", { roomId: f.roomId });
    agent.emit("room:unwatch", { roomId: f.roomId });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(artistsHeard).toEqual([]);
  });

  it("covers every event the server listens to from a client", async () => {
    await open(f.a.cookie);
    const listened = new Set<string | symbol>();
    for (const socket of t.app.realtime.io.of("/").sockets.values()) {
      for (const name of socket.eventNames()) listened.add(name);
    }
    // Socket.IO's own lifecycle events are not a client's to send.
    for (const own of ["disconnect", "disconnecting", "error"]) listened.delete(own);
    expect([...listened].sort()).toEqual(COVERED_SOCKET_EVENTS.toSorted());
  });
});
