import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../server/test/test-app";
import { generateHostedExport, type HostedFixture } from "./fixtures/hosted-export-fixture";
import type { ImportReport, ReportEntry } from "./import-report";
import { ImportInputError } from "./read-inputs";
import { runImport } from "./run-import";
import { solidPng } from "../seed/solid-png";

let fixture: HostedFixture;
let t: TestApp;

type Docs = {
  users: Record<string, Record<string, unknown>>;
  rooms: Record<
    string,
    Record<string, unknown> & { messages: Record<string, Record<string, unknown>> }
  >;
  requests: Record<string, Record<string, unknown>>;
};

/** A copy of the export's files with some changed; returns the new paths. */
function variant(name: string, change: (files: Record<string, string>) => void) {
  const dir = path.join(fixture.dir, name);
  fs.mkdirSync(dir, { recursive: true });
  const texts: Record<string, string> = {
    auth: fs.readFileSync(fixture.paths.auth, "utf8"),
    hashConfig: fs.readFileSync(fixture.paths.hashConfig, "utf8"),
    documents: fs.readFileSync(fixture.paths.documents, "utf8"),
  };
  change(texts);
  const paths = {
    auth: path.join(dir, "users.json"),
    hashConfig: path.join(dir, "hash.json"),
    documents: path.join(dir, "docs.json"),
    files: fixture.paths.files,
  };
  fs.writeFileSync(paths.auth, texts.auth!);
  fs.writeFileSync(paths.hashConfig, texts.hashConfig!);
  fs.writeFileSync(paths.documents, texts.documents!);
  return paths;
}

const run = (paths: HostedFixture["paths"]) =>
  runImport({
    database: t.app.ctx.database,
    storage: t.app.ctx.storage,
    paths,
    dryRun: false,
  });

const userCount = async () =>
  (await t.app.ctx.database.db.selectFrom("user").select("id").execute()).length;

beforeAll(async () => {
  fixture = await generateHostedExport(fs.mkdtempSync(path.join(os.tmpdir(), "hosted-bad-")), {
    users: 24,
    agents: 2,
    messagesPerRoom: 4,
    fileEvery: 0,
  });
  t = await createTestApp();
}, 60_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(fixture.dir, { recursive: true, force: true });
});

describe("broken input files stop the import before anything is written", () => {
  const cases: [string, (files: Record<string, string>) => void, RegExp][] = [
    [
      "a truncated document export",
      (f) => (f.documents = f.documents!.slice(0, f.documents!.length / 2)),
      /The document export .*docs\.json is not valid JSON: .*\(is it cut short\?\)/,
    ],
    [
      "a truncated auth export",
      (f) => (f.auth = f.auth!.slice(0, 100)),
      /The auth export .*users\.json is not valid JSON/,
    ],
    [
      "an auth export without users",
      (f) => (f.auth = JSON.stringify({ accounts: [] })),
      /The auth export .*is not usable: users: expected a "users" array/,
    ],
    [
      "a hash configuration with a non-numeric mem_cost",
      (f) => (f.hashConfig = f.hashConfig!.replace(/"mem_cost":\d+/, '"mem_cost":"lots"')),
      /hash configuration .*is not usable: mem_cost: mem_cost must be a number/,
    ],
    [
      "a hash configuration without the signer key",
      (f) => (f.hashConfig = f.hashConfig!.replace(/"base64_signer_key":"[^"]+",/, "")),
      /is not usable: base64_signer_key: base64_signer_key is missing/,
    ],
    [
      "a hash configuration with rounds out of range",
      (f) => (f.hashConfig = f.hashConfig!.replace(/"rounds":\d+/, '"rounds":12')),
      /rounds: rounds must be between 1 and 8/,
    ],
    [
      "a hash configuration for another algorithm",
      (f) => (f.hashConfig = f.hashConfig!.replace('"SCRYPT"', '"BCRYPT"')),
      /algorithm must be SCRYPT/,
    ],
  ];
  it.each(cases)("%s", async (name, change, message) => {
    const paths = variant(name.replace(/\W+/g, "-"), change);
    await expect(run(paths)).rejects.toThrow(ImportInputError);
    await expect(run(paths)).rejects.toThrow(message);
    expect(await userCount()).toBe(0);
  });

  it("a missing files folder", async () => {
    await expect(run({ ...fixture.paths, files: path.join(fixture.dir, "nope") })).rejects.toThrow(
      /The files folder .*nope does not exist/,
    );
    expect(await userCount()).toBe(0);
  });

  it("wrong hash parameters, caught with one known password", async () => {
    const known = fixture.users.find((u) => u.password)!;
    const paths = variant("wrong-signer-key", (f) => {
      const config = JSON.parse(f.hashConfig!) as Record<string, unknown>;
      config.base64_signer_key = Buffer.from("another project's key").toString("base64");
      f.hashConfig = JSON.stringify(config);
    });
    const withCheck = (email: string, password: string) =>
      runImport({
        database: t.app.ctx.database,
        storage: t.app.ctx.storage,
        paths,
        dryRun: false,
        knownPassword: { email, password },
      });
    await expect(withCheck(known.email, known.password!)).rejects.toThrow(
      `The password hash parameters do not match this export: the password given for ${known.email} does not verify.`,
    );
    await expect(withCheck("nobody@x.test", "x")).rejects.toThrow(
      "--check-email: the auth export has no user nobody@x.test.",
    );
    expect(await userCount()).toBe(0);
    // The right parameters pass the same check.
    const dry = await runImport({
      database: t.app.ctx.database,
      storage: t.app.ctx.storage,
      paths: fixture.paths,
      dryRun: true,
      knownPassword: { email: known.email.toUpperCase(), password: known.password! },
    });
    expect(dry.counts.users.imported).toBe(fixture.counts.users);
  });

  it("accepts the hash parameters as the console prints them", async () => {
    const config = JSON.parse(fs.readFileSync(fixture.paths.hashConfig, "utf8")) as Record<
      string,
      string | number
    >;
    const printed = `hash_config {\n  algorithm: SCRYPT,\n  base64_signer_key: ${config.base64_signer_key},\n  base64_salt_separator: ${config.base64_salt_separator},\n  rounds: ${config.rounds},\n  mem_cost: ${config.mem_cost},\n}\n`;
    const paths = variant("printed", (f) => (f.hashConfig = printed));
    const report = await runImport({
      database: t.app.ctx.database,
      storage: t.app.ctx.storage,
      paths,
      dryRun: true,
    });
    expect(report.counts.users.imported).toBe(fixture.counts.users);
  });
});

describe("invalid records are held apart and listed", () => {
  let report: ImportReport;
  let invalidRoomId = "";
  let longSongId = "";
  const artists = () => fixture.users.filter((u) => !u.admin);
  const entry = (kind: string, outcome: string, reason: RegExp): ReportEntry | undefined =>
    report.entries.find((e) => e.kind === kind && e.outcome === outcome && reason.test(e.reason));

  beforeAll(async () => {
    const [a0, a1, a2] = artists();
    const paths = variant("invalid-records", (f) => {
      const auth = JSON.parse(f.auth!) as { users: Record<string, unknown>[] };
      const docs = JSON.parse(f.documents!) as Docs;
      // The same email in other case, signed in longer ago: the older one goes.
      auth.users.push({
        localId: "DuplicateUser000000000000001",
        email: a0!.email.toUpperCase(),
        passwordHash: "aGFzaA==",
        salt: "c2FsdA==",
        lastSignedInAt: "1000",
      });
      docs.users.DuplicateUser000000000000001 = { email: a0!.email.toUpperCase(), admin: true };
      // Disallowed schemes and NUL.
      docs.users[a1!.uid]!.spotifyUrl = "javascript:alert(1)";
      docs.users[a1!.uid]!.bio = "Bio with\u0000NUL";
      docs.users.BadDocument00000000000000001 = { email: "bad@x.test", admin: "yes" };
      // Issue 23, finding 14 for accounts: names and a bio over the profile
      // screen's limits, and an impossible sign-up time.
      const [a3, a4] = [artists()[3]!, artists()[4]!];
      docs.users[a3.uid]!.bio = "b".repeat(3000);
      docs.users[a3.uid]!.artistName = "A".repeat(500);
      docs.users[a4.uid]!.username = "u".repeat(200);
      docs.users[a4.uid]!.artistName = "Fine Name";
      docs.users[a4.uid]!.createdAt = null;
      auth.users.find((u) => u.localId === a4.uid)!.createdAt = String(1e20);
      const [roomId, room] = Object.entries(docs.rooms).find(([, r]) =>
        (r.participants as string[]).includes(a2!.uid),
      )!;
      const outsider = artists()[5]!.uid;
      const at = (s: number) => ({ _seconds: 1_800_000_000 + s, _nanoseconds: 0 });
      room.messages.fromOutsider = { text: "let me in", userId: outsider, createdAt: at(1) };
      room.messages.withNul = { text: "hello\u0000world", userId: a2!.uid, createdAt: at(2) };
      room.messages.missingFile = {
        text: "see attached",
        userId: a2!.uid,
        createdAt: at(3),
        fileUrl: "uploads/never-uploaded.png",
        fileType: "image",
      };
      room.messages.onlyMissingFile = {
        text: "",
        userId: a2!.uid,
        createdAt: at(4),
        fileUrl: "uploads/also-missing.mp3",
      };
      room.messages.escapes = {
        text: "x",
        userId: a2!.uid,
        createdAt: at(5),
        fileUrl: "../../etc/passwd",
      };
      // Issue 23, findings 4 and 14: a link out of the files folder, a 2 MiB
      // message, an impossible time, a song field over the desk's limit.
      const outside = path.join(fixture.dir, "outside-secret.png");
      fs.writeFileSync(outside, solidPng(4, 4, [200, 0, 0]));
      fs.mkdirSync(path.join(fixture.paths.files, "uploads"), { recursive: true });
      fs.symlinkSync(outside, path.join(fixture.paths.files, "uploads", "link.png"));
      room.messages.viaLink = {
        text: "through a link",
        userId: a2!.uid,
        createdAt: at(6),
        fileUrl: "uploads/link.png",
      };
      room.messages.huge = { text: "x".repeat(2 * 1024 * 1024), userId: a2!.uid, createdAt: at(7) };
      room.messages.badDate = { text: "from the far future", userId: a2!.uid, createdAt: 1e20 };
      longSongId = Object.keys(docs.requests)[1]!;
      docs.requests[longSongId]!.lyrics = "la ".repeat(10_000);
      docs.rooms["ghost-room"] = {
        participants: [a2!.uid, "NobodyWithThisId"],
        messages: { m1: { text: "hi", userId: a2!.uid, createdAt: at(1) } },
      };
      const song = Object.values(docs.requests)[0]!;
      song.link = "data:text/html,<script>alert(1)</script>";
      song.imageUrl = "songCovers/missing.png";
      docs.requests.orphanSong = { artistId: "NobodyWithThisId", date: "2024-01-01" };
      f.auth = JSON.stringify(auth);
      f.documents = JSON.stringify(docs);
      invalidRoomId = roomId;
    });
    report = await run(paths);
  }, 60_000);

  it("keeps one user per email, case-insensitively", async () => {
    expect(entry("users", "skipped", /^duplicate email .*kept user/)?.sourceId).toBe(
      "DuplicateUser000000000000001",
    );
    const rows = await t.app.ctx.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", artists()[0]!.email)
      .execute();
    expect(rows.map((r) => r.id)).toEqual([artists()[0]!.uid]);
  });

  it("skips a malformed document with the field named", () => {
    expect(entry("users", "skipped", /^bad user document: admin:/)?.sourceId).toBe(
      "BadDocument00000000000000001",
    );
  });

  it("clears links with disallowed schemes and removes NUL", async () => {
    const user = await t.app.ctx.database.db
      .selectFrom("user")
      .select(["spotifyUrl", "bio"])
      .where("id", "=", artists()[1]!.uid)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ spotifyUrl: null, bio: "Bio withNUL" });
    expect(entry("users", "cleaned", /spotifyUrl cleared/)?.sourceId).toBe(artists()[1]!.uid);
    expect(entry("users", "cleaned", /NUL characters removed from bio/)).toBeDefined();
    expect(entry("songs", "cleaned", /link cleared/)).toBeDefined();
    expect(
      entry("songs", "cleaned", /cover dropped: file missing: songCovers\/missing.png/),
    ).toBeDefined();
  });

  it("leaves out names, a bio and a time the live rules refuse, keeping the accounts", async () => {
    const [a3, a4] = [artists()[3]!, artists()[4]!];
    const rows = await t.app.ctx.database.db
      .selectFrom("user")
      .select(["id", "username", "artistName", "bio", "createdAt"])
      .where("id", "in", [a3.uid, a4.uid])
      .execute();
    const [r3, r4] = [a3, a4].map((a) => rows.find((r) => r.id === a.uid)!);
    expect(r3!.bio).toBeNull();
    expect(r3!.artistName).toBe(r3!.username);
    expect(r3!.artistName.length).toBeLessThanOrEqual(80);
    expect(r4!.artistName).toBe("Fine Name");
    expect(r4!.username).not.toMatch(/^u+$/);
    expect(r4!.username.length).toBeLessThanOrEqual(80);
    expect(Math.abs(new Date(r4!.createdAt).getTime() - Date.now())).toBeLessThan(60 * 60_000);
    expect(entry("users", "cleaned", /bio left out: Bio must be at most 2000/)?.sourceId).toBe(
      a3.uid,
    );
    expect(
      entry("users", "cleaned", /artistName left out: Artist name must be at most 80/)?.sourceId,
    ).toBe(a3.uid);
    expect(entry("users", "cleaned", /username left out/)?.sourceId).toBe(a4.uid);
    expect(entry("users", "cleaned", /createdAt is .*the import time is used/)?.sourceId).toBe(
      a4.uid,
    );
  });

  it("holds apart messages from outside the room, missing files and NUL", async () => {
    const roomSource = invalidRoomId;
    expect(entry("messages", "skipped", /sender is not in the room/)?.sourceId).toBe(
      `${roomSource}/fromOutsider`,
    );
    expect(entry("messages", "cleaned", /NUL characters removed/)?.sourceId).toBe(
      `${roomSource}/withNul`,
    );
    expect(entry("messages", "cleaned", /attachment dropped: file missing/)?.sourceId).toBe(
      `${roomSource}/missingFile`,
    );
    expect(
      entry("messages", "skipped", /file missing: uploads\/also-missing.mp3, and no text/)
        ?.sourceId,
    ).toBe(`${roomSource}/onlyMissingFile`);
    expect(entry("files", "skipped", /refused: path leaves the files folder/)).toBeDefined();
    expect(entry("files", "skipped", /refused: symbolic link/)?.sourceId).toBe(
      `${roomSource}/viaLink/file`,
    );
    expect(entry("messages", "skipped", /refused: text longer than 4000/)?.sourceId).toBe(
      `${roomSource}/huge`,
    );
    expect(entry("messages", "skipped", /refused: createdAt is/)?.sourceId).toBe(
      `${roomSource}/badDate`,
    );
    expect(entry("songs", "skipped", /refused: lyrics: Lyrics must be at most/)?.sourceId).toBe(
      longSongId,
    );
    // Nothing from outside the folder was stored.
    const linked = await t.app.ctx.database.db
      .selectFrom("message")
      .select("fileId")
      .where("text", "=", "through a link")
      .executeTakeFirstOrThrow();
    expect(linked.fileId).toBeNull();
    const texts = (
      await t.app.ctx.database.db
        .selectFrom("message")
        .select(["text", "fileId"])
        .where("text", "in", ["let me in", "helloworld", "see attached"])
        .execute()
    ).map((m) => [m.text, m.fileId]);
    expect(texts.sort()).toEqual([
      ["helloworld", null],
      ["see attached", null],
    ]);
  });

  it("skips a room whose participant was not imported, with its messages", () => {
    expect(
      entry("rooms", "skipped", /participant not imported \(NobodyWithThisId\)/)?.sourceId,
    ).toBe("ghost-room");
    expect(entry("messages", "skipped", /room not imported/)?.sourceId).toBe("ghost-room/m1");
    expect(entry("songs", "skipped", /artist not imported/)?.sourceId).toBe("orphanSong");
  });

  it("imports everything else, nothing failed", () => {
    for (const kind of ["users", "rooms", "messages", "songs"] as const) {
      expect(report.counts[kind].failed).toBe(0);
    }
    expect(report.counts.users.imported).toBe(fixture.counts.users);
    expect(report.counts.rooms.imported).toBe(fixture.counts.rooms);
    expect(report.counts.messages.imported).toBe(fixture.counts.messages + 4);
  });
});
