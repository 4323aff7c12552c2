import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_FAILED_MESSAGE } from "../../shared/auth-messages";
import type { ChatContact, ChatMessage } from "../../shared/chat";
import type { DeskInbox } from "../../shared/desk";
import type { SongPage, SongSummary } from "../../shared/song-schemas";
import { createTestApp, signIn, type TestApp } from "../../server/test/test-app";
import { generateHostedExport, type HostedFixture } from "./fixtures/hosted-export-fixture";
import { changedAnything, type ImportReport } from "./import-report";
import { runImport } from "./run-import";

let fixture: HostedFixture;
let t: TestApp;
let first: ImportReport;

const importInto = (
  app: TestApp,
  options: { dryRun?: boolean; paths?: HostedFixture["paths"] } = {},
) =>
  runImport({
    database: app.app.ctx.database,
    storage: app.app.ctx.storage,
    paths: options.paths ?? fixture.paths,
    dryRun: options.dryRun ?? false,
  });

const count = async (
  app: TestApp,
  table: "user" | "message" | "room" | "song_request" | "stored_file" | "account",
) =>
  Number(
    (
      await app.app.ctx.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const tableCounts = async (app: TestApp) => ({
  users: await count(app, "user"),
  accounts: await count(app, "account"),
  rooms: await count(app, "room"),
  messages: await count(app, "message"),
  songs: await count(app, "song_request"),
  files: await count(app, "stored_file"),
});

// Alone the whole file takes about 25 s; in CI's PostgreSQL pass (nice 10,
// beside the other Vitest pass and the journeys) the export and first import
// have taken over 120 s on a 2-core host.
beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosted-export-"));
  fixture = await generateHostedExport(dir);
  t = await createTestApp();
  first = await importInto(t);
}, 300_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(fixture.dir, { recursive: true, force: true });
});

const get = (cookie: string, url: string) =>
  t.app.inject({ method: "GET", url, headers: { cookie } });

describe("import-hosted", () => {
  it("imports every user, room, message, song and file of the export", async () => {
    const { counts } = fixture;
    expect(first.counts.users).toMatchObject({ imported: counts.users, skipped: 0, failed: 0 });
    expect(first.counts.rooms).toMatchObject({ imported: counts.rooms, skipped: 0, failed: 0 });
    expect(first.counts.messages).toMatchObject({
      imported: counts.messages,
      skipped: 0,
      failed: 0,
    });
    expect(first.counts.songs).toMatchObject({ imported: counts.songs, skipped: 0, failed: 0 });
    expect(first.counts.files).toMatchObject({ imported: counts.files, skipped: 0 });
    const withoutPassword = fixture.users.filter((u) => !u.password).map((u) => u.email);
    expect(first.usersWithoutPassword.map((u) => u.email).sort()).toEqual(withoutPassword.sort());
    expect(await tableCounts(t)).toEqual({
      users: counts.users,
      accounts: counts.users - withoutPassword.length,
      rooms: counts.rooms,
      messages: counts.messages,
      songs: counts.songs,
      files: counts.files,
    });
    // Ids are kept.
    const ids = await t.app.ctx.database.db.selectFrom("user").select("id").execute();
    expect(new Set(ids.map((r) => r.id))).toEqual(new Set(fixture.users.map((u) => u.uid)));
  });

  it("numbers each room's messages in createdAt order", async () => {
    const rows = await t.app.ctx.database.db
      .selectFrom("message")
      .select(["roomId", "seq", "createdAt"])
      .orderBy("roomId")
      .orderBy("seq")
      .execute();
    let previous: (typeof rows)[number] | undefined;
    for (const row of rows) {
      if (previous?.roomId === row.roomId) {
        expect(row.seq).toBe(previous.seq + 1);
        expect(row.createdAt).toBeGreaterThanOrEqual(previous.createdAt);
      } else expect(row.seq).toBe(1);
      previous = row;
    }
  });

  it("lets an imported artist sign in with the old password and upgrades the hash", async () => {
    const artist = fixture.users.find((u) => !u.admin && u.password)!;
    const wrong = await signIn(t.app, artist.email, "Not-the-password-1!");
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.response.json().message).toBe(SIGN_IN_FAILED_MESSAGE);

    const stored = () =>
      t.app.ctx.database.db
        .selectFrom("account")
        .select("password")
        .where("userId", "=", artist.uid)
        .executeTakeFirstOrThrow();
    expect((await stored()).password).toMatch(/^firebase-scrypt\$/);
    const { response } = await signIn(t.app, artist.email, artist.password!);
    expect(response.statusCode).toBe(200);
    // Re-hashed with the portal's own scrypt; the hosted hash is gone.
    expect((await stored()).password).toMatch(/^scrypt\$/);
    expect((await signIn(t.app, artist.email, artist.password!)).response.statusCode).toBe(200);
    expect((await signIn(t.app, artist.email, "Not-the-password-1!")).response.statusCode).toBe(
      401,
    );
  });

  it("shows the artist their conversations with files, and their songs", async () => {
    // The generator's fourth artist talks to two agents and has three songs, two with covers.
    const artist = fixture.users.filter((u) => !u.admin)[3]!;
    const { cookie } = await signIn(t.app, artist.email, artist.password!);

    const contacts = (await get(cookie, "/api/chat/contacts")).json<ChatContact[]>();
    const talked = contacts.filter((c) => c.lastMessage !== null);
    expect(talked.length).toBeGreaterThan(0);
    const messages = (await get(cookie, `/api/chat/rooms/${talked[0]!.roomId}/messages`)).json<
      ChatMessage[]
    >();
    expect(messages.length).toBe(12);
    expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => i + 1));
    const withFile = messages.filter((m) => m.fileUrl);
    expect(withFile.map((m) => m.fileType).sort()).toEqual(["audio", "image"]);
    const image = withFile.find((m) => m.fileType === "image")!;
    const file = await get(cookie, image.fileUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    const audio = withFile.find((m) => m.fileType === "audio")!;
    expect((await get(cookie, audio.fileUrl!)).headers["content-type"]).toMatch(/^audio\/(x-)?wav/);

    const songs = (await get(cookie, "/api/songs")).json<SongPage<SongSummary>>();
    const expected = await t.app.ctx.database.db
      .selectFrom("song_request")
      .select(["id", "views"])
      .where("artistId", "=", artist.uid)
      .execute();
    expect(songs.items.map((s) => s.id).sort()).toEqual(expected.map((s) => s.id).sort());
    expect(songs.items.length).toBeGreaterThan(0);
    const withCover = songs.items.filter((s) => s.coverUrl);
    expect(withCover.length).toBe(2);
    expect((await get(cookie, withCover[0]!.coverUrl!)).headers["content-type"]).toBe("image/png");
  });

  it("shows an imported agent their inbox", async () => {
    const agent = fixture.users.find((u) => u.admin)!;
    const { response, cookie } = await signIn(t.app, agent.email, agent.password!);
    expect(response.statusCode).toBe(200);
    const inbox = (await get(cookie, "/api/chat/contacts")).json<ChatContact[]>();
    const rooms = await t.app.ctx.database.db
      .selectFrom("room_member")
      .select("roomId")
      .where("userId", "=", agent.uid)
      .execute();
    expect(inbox.length).toBe(rooms.length);
    expect(inbox.every((c) => c.lastMessage !== null)).toBe(true);
    // The team desk: every imported conversation is assigned to its agent and open.
    const mine = (await get(cookie, "/api/desk/conversations?view=mine")).json<DeskInbox>();
    expect(mine.conversations.map((c) => c.roomId).sort()).toEqual(
      rooms.map((r) => r.roomId).sort(),
    );
    expect(mine.conversations.every((c) => c.status === "open")).toBe(true);
    expect(mine.conversations.every((c) => c.assignee?.id === agent.uid)).toBe(true);
    const unassigned = await t.app.ctx.database.db
      .selectFrom("room")
      .select("id")
      .where((eb) => eb.or([eb("assigneeId", "is", null), eb("artistId", "is", null)]))
      .execute();
    expect(unassigned).toEqual([]);
  });

  it("changes nothing on a second run, and says so", async () => {
    const before = await tableCounts(t);
    const again = await importInto(t);
    expect(changedAnything(again)).toBe(false);
    expect(again.counts.messages).toMatchObject({
      imported: 0,
      unchanged: fixture.counts.messages,
    });
    expect(again.counts.users.unchanged).toBe(fixture.counts.users);
    expect(await tableCounts(t)).toEqual(before);
  });

  it("writes nothing on a dry run and reports what it would do", async () => {
    const empty = await createTestApp();
    try {
      const dry = await importInto(empty, { dryRun: true });
      expect(dry.dryRun).toBe(true);
      expect(dry.counts.messages.imported).toBe(fixture.counts.messages);
      expect(dry.counts.users.imported).toBe(fixture.counts.users);
      expect(await tableCounts(empty)).toEqual({
        users: 0,
        accounts: 0,
        rooms: 0,
        messages: 0,
        songs: 0,
        files: 0,
      });
      expect(fs.readdirSync(path.join(empty.dataDir, "uploads"))).toEqual([]);
    } finally {
      await empty.close();
    }
  }, 120_000); // a fresh app and a whole (dry) import, as beforeAll's: 27–30 s on PostgreSQL on a loaded CI host
});

describe("import-hosted killed half-way", () => {
  it("finishes on a re-run with nothing doubled", async () => {
    const target = await createTestApp();
    try {
      const { database } = target.app.ctx;
      const args = {
        database:
          database.dialect === "postgres"
            ? { engine: "postgres", url: process.env.TEST_DATABASE_URL, schema: database.schema }
            : { engine: "sqlite", file: path.join(target.dataDir, "portal.sqlite") },
        uploadsDir: path.join(target.dataDir, "uploads"),
        paths: fixture.paths,
        batchSize: 25,
      };
      const child = spawn(
        process.execPath,
        ["--import", "tsx", path.join(import.meta.dirname, "fixtures/import-child.ts")],
        { env: { ...process.env, IMPORT_CHILD_ARGS: JSON.stringify(args) }, stdio: "pipe" },
      );
      let output = "";
      const killed = await new Promise<boolean>((resolve) => {
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          if (/messages: \d+\/\d+ \((2|3|4)0%\)/.test(output) && child.exitCode === null) {
            child.kill("SIGKILL");
          }
        });
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.on("exit", (_code, signal) => resolve(signal === "SIGKILL"));
      });
      expect(killed, output).toBe(true);
      const partial = await count(target, "message");
      expect(partial).toBeGreaterThan(0);
      expect(partial).toBeLessThan(fixture.counts.messages);

      const rerun = await importInto(target);
      expect(rerun.counts.messages.failed).toBe(0);
      expect(rerun.counts.messages.imported + rerun.counts.messages.unchanged).toBe(
        fixture.counts.messages,
      );
      expect(await tableCounts(target)).toEqual(await tableCounts(t));
      const dupes = await database.db
        .selectFrom("message")
        .select(["roomId", "createdAt", "text"])
        .groupBy(["roomId", "createdAt", "text"])
        .having((eb) => eb.fn.countAll(), ">", 1)
        .execute();
      expect(dupes).toEqual([]);
      expect(changedAnything(await importInto(target))).toBe(false);
    } finally {
      await target.close();
    }
    // A child process started through tsx and three imports: 4 s alone, past 120 s once on
    // PostgreSQL beside the rest of CI (a dry import alone took 30 s there).
  }, 300_000);
});
