import type { RouteOptions } from "fastify";
import fc from "fast-check";
import { sql } from "kysely";
import type { Socket } from "socket.io-client";
import type { ZodObject, ZodType } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatEvents } from "../../shared/chat-events";
import type { Database } from "../db/schema";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  type TestUser,
} from "../test/chat-test-helpers";
import { insertSong } from "../features/songs/song-repository";
import { routeCollector } from "../test/route-table";
import { songValues } from "../test/song-values";
import { ORIGIN, createTestApp, signIn, type TestApp } from "../test/test-app";

/**
 * Malformed input, generated: every JSON body, query and path parameter of
 * every API route, and every socket event. Whatever arrives, the answer is
 * 2xx or 4xx (never 5xx), the process keeps answering, and a refused request
 * changes nothing stored. Runs on SQLite and, in the PostgreSQL pass, there.
 * FUZZ_RUNS sets the number of HTTP inputs (5,000 by default); FUZZ_SEED
 * replays a run.
 */
const HTTP_RUNS = Number(process.env.FUZZ_RUNS ?? 5_000);
const SOCKET_RUNS = Math.max(100, Math.round(HTTP_RUNS / 20));
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** Well-formed sends must reach the message store, not stop at the per-user send limit. */
const UNLIMITED_SENDS = { CHAT_SEND_BURST: "1000000", CHAT_SENDS_PER_MINUTE: "1000000" };

/** Routes whose success would end the fixture's session or are not JSON APIs. */
const NOT_FUZZED = new Set(["/api/*", "/api/uploads", "/api/uploads/:uploadId"]);

const table = routeCollector();
let routes: RouteOptions[] = [];
let t: TestApp;
let url: string;
let artist: TestUser;
let agent: TestUser;
let roomId: string;
let songId: string;
/** A session of the artist's that the fuzzed sign-out may end. */
let spareSession: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, table.hook, UNLIMITED_SENDS);
  // HEAD twins of GET routes answer alike: fuzzing the GET covers them.
  routes = table.api().filter((r) => r.method !== "HEAD" && !NOT_FUZZED.has(r.url));
  artist = await createUser(t.app, "Fuzz Artist");
  agent = await createUser(t.app, "Fuzz Agent", true);
  const opened = await t.app.inject({
    method: "PUT",
    url: `/api/chat/rooms/with/${agent.id}`,
    headers: { cookie: artist.cookie, origin: ORIGIN },
  });
  roomId = opened.json<{ roomId: string }>().roomId;
  const song = await insertSong(t.app.ctx.database.db, songValues(artist.id));

  songId = song.id;
  spareSession = (await signIn(t.app, artist.email)).cookie;
  url = await listen(t.app);
});
afterAll(() => t.close());

const TABLES: readonly (keyof Database)[] = [
  "user",
  "account",
  "session",
  "verification",
  "room",
  "room_member",
  "message",
  "stored_file",
  "song_request",
  "song_status_event",
  "song_view_day",
  "mail_job",
  "mail_preference",
  "import_record",
];

/** What a refused request must leave as it was: every row count, and the rows a request edits in place. */
async function storedState(): Promise<string> {
  const db = t.app.ctx.database.db;
  const counts = await Promise.all(
    TABLES.map((table) =>
      db
        .selectFrom(table)
        .select(sql<string | number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n)),
    ),
  );
  const [users, songs, members, prefs] = await Promise.all([
    db.selectFrom("user").selectAll().orderBy("id").execute(),
    db.selectFrom("song_request").selectAll().orderBy("id").execute(),
    db.selectFrom("room_member").selectAll().orderBy("roomId").orderBy("userId").execute(),
    db.selectFrom("mail_preference").selectAll().execute(),
  ]);
  return JSON.stringify({ counts, users, songs, members, prefs });
}

// ── generators ────────────────────────────────────────────────────────────
const nasty = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "%00",
  "\ud800",
  "🎵".repeat(40),
  "' or 1=1 --",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "x".repeat(5_000),
  " ",
  "",
  "null",
  "-1",
  "1e309",
  "2024-02-30",
  "javascript:alert(1)",
);
const text = fc.oneof(fc.string(), fc.string({ unit: "binary" }), nasty);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: text },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), text, { maxKeys: 3 }),
);

function keysOf(schema: unknown): string[] {
  const shape = (schema as Partial<ZodObject> | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** Known fields with wrong values (some left out, one stranger added), or anything at all. */
function bodyOf(schema: ZodType | undefined): fc.Arbitrary<unknown> {
  const keys = keysOf(schema);
  const shaped = keys.length
    ? fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] })
    : fc.constant({});
  return fc.oneof(
    { weight: 5, arbitrary: shaped },
    fc.record({ extra: value }).chain((extra) => shaped.map((body) => ({ ...body, ...extra }))),
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom(
      "{",
      "[1,",
      '{"a":',
      "null",
      "\u0000",
      `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
    ),
  );
}

/** Query strings: the route's own keys with wrong values, and broken escapes. */
function queryOf(schema: ZodType | undefined): fc.Arbitrary<string> {
  const keys = keysOf(schema);
  const pairs = keys.length
    ? fc.record(Object.fromEntries(keys.map((k) => [k, text])), { requiredKeys: [] })
    : fc.constant({});
  return fc.oneof(
    {
      weight: 4,
      arbitrary: pairs.map((q) => new URLSearchParams(q as Record<string, string>).toString()),
    },
    fc.constantFrom(
      "q=%",
      "q=%ZZ",
      "q=%00",
      "q[]=1&q[]=2",
      "status=%E0%A4%A",
      `q=${"a".repeat(3_000)}`,
    ),
  );
}

/** A path parameter: a real id now and then, mostly junk, sometimes broken escapes. */
function paramOf(real: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(real),
    text.map((s) => encodeURIComponent(Buffer.from(s).toString()).slice(0, 4_000) || "x"),
    fc.constantFrom("%", "%ZZ", "%00", "..%2F..", "a%2Fb", "x".repeat(300)),
  );
}

function realParam(route: RouteOptions): string {
  if (route.url.includes("/rooms/") && !route.url.includes("/with/")) return roomId;
  if (route.url.includes("/songs/")) return songId;
  if (route.url.includes("/artists/") || route.url.includes("/with/")) return artist.id;
  return "x";
}

describe("fuzz", () => {
  it(`answers ${HTTP_RUNS} malformed HTTP inputs with 2xx or 4xx, and a refusal changes nothing`, async () => {
    const sessions = [artist.cookie, agent.cookie, ""];
    const perRoute = Math.ceil(HTTP_RUNS / routes.length);
    const tally = { sent: 0, refused: 0, accepted: 0 };
    // What is stored now; read again only after a request was accepted.
    let stored = await storedState();
    for (const route of routes) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = route.schema as
        { body?: ZodType; querystring?: ZodType; params?: ZodType } | undefined;
      const input = fc.record({
        method: fc.constantFrom(...methods),
        cookie: fc.constantFrom(...sessions),
        param: paramOf(realParam(route)),
        query: queryOf(schema?.querystring),
        body: bodyOf(schema?.body),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ method, cookie, param, query, body }) => {
          // Sign-out gets a session of its own to end, never the fixture's.
          const session = route.url === "/api/auth/sign-out" && cookie ? spareSession : cookie;
          const path = route.url.replace(/:\w+/g, param);
          const response = await t.app.inject({
            method: method as "GET",
            url: `${path}?${query}`,
            headers: {
              origin: ORIGIN,
              "content-type": "application/json",
              ...(session ? { cookie: session } : {}),
            },
            ...(method === "GET"
              ? {}
              : { payload: typeof body === "string" ? body : JSON.stringify(body) }),
          });
          tally.sent += 1;
          const where = `${method} ${path}?${query.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          if (response.statusCode >= 400) {
            tally.refused += 1;
            expect(await storedState(), `a refusal changed what is stored: ${where}`).toBe(stored);
          } else {
            tally.accepted += 1;
            stored = await storedState();
          }
        }),
        { numRuns: perRoute, seed: SEED, endOnFailure: true },
      );
    }
    console.log(
      `fuzz (seed ${SEED}, ${t.app.ctx.database.dialect}): ${tally.sent} HTTP inputs over ${routes.length} routes, ${tally.refused} refused, ${tally.accepted} accepted, none 5xx`,
    );
    expect(tally.sent).toBeGreaterThanOrEqual(HTTP_RUNS);
    // Still serving.
    expect((await t.app.inject({ url: "/api/health/live" })).statusCode).toBe(200);
  }, 600_000);

  it(`answers ${SOCKET_RUNS} malformed socket events with an acknowledgement, never a crash`, async () => {
    const socket: Socket = connectSocket(url, artist.cookie);
    await connected(socket);
    const before = await t.app.ctx.database.db
      .selectFrom("message")
      .select(sql<string | number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // Well formed but for the text: some of these are stored.
          fc.record({ id: fc.uuid(), roomId: fc.constant(roomId), text }),
          fc.record(
            {
              id: fc.oneof(fc.uuid(), text),
              roomId: fc.oneof(fc.constant(roomId), text),
              text: value,
              fileId: value,
            },
            { requiredKeys: [] },
          ),
          fc.anything(),
        ),
        fc.anything(),
        async (payload, typing) => {
          socket.emit(chatEvents.typing, typing);
          const ack = (await socket.timeout(5_000).emitWithAck(chatEvents.send, payload)) as {
            ok: boolean;
          };
          expect(typeof ack.ok).toBe("boolean");
          if (!ack.ok) refused += 1;
        },
      ),
      { numRuns: SOCKET_RUNS, seed: SEED, endOnFailure: true },
    );
    const after = await t.app.ctx.database.db
      .selectFrom("message")
      .select(sql<string | number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    console.log(`fuzz (seed ${SEED}): ${SOCKET_RUNS} socket sends, ${refused} refused`);
    // Only accepted sends were stored.
    expect(Number(after.n) - Number(before.n)).toBe(SOCKET_RUNS - refused);
    expect(socket.connected).toBe(true);
    socket.disconnect();
  }, 300_000);
});
