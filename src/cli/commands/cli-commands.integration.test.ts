import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../server/auth/password-hasher";
import { openCliContext, type CliContext } from "../cli-context";
import { ensureAccount } from "../../server/features/users/user-accounts";
import { createAdmin } from "./create-admin";
import { seedDemo } from "./seed-demo";
import { sweepFilesCommand } from "./sweep-files";
import { createStoredFile } from "../../server/features/uploads/stored-files";
import { solidPng } from "../seed/solid-png";

let ctx: CliContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-cli-"));
  ctx = await openCliContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const userRow = (email: string) =>
  ctx.database.db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirst();

describe("create-admin", () => {
  it("creates a support agent who can sign in with the given password", async () => {
    const out = await createAdmin(ctx, [
      "--email",
      "Boss@Example.test",
      "--password",
      "Agent-pass-1",
      "--name",
      "Boss",
    ]);
    expect(out).toBe("Created support agent boss@example.test.");
    const user = await userRow("boss@example.test");
    expect(Boolean(user?.admin)).toBe(true);
    const account = await ctx.database.db
      .selectFrom("account")
      .select("password")
      .where("userId", "=", user!.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword({ hash: account.password!, password: "Agent-pass-1" })).toBe(true);
  });

  // Seeding the demo builds releases through the real checks: slow on a loaded host.
  it("promotes an existing user, but not an artist with data", { timeout: 180_000 }, async () => {
    await seedDemo(ctx);
    const promote = (email: string) =>
      createAdmin(ctx, ["--email", email, "--password", "Whatever-1", "--name", "X"]);
    await expect(promote("artist@demo.test")).rejects.toThrow(
      "artist@demo.test is an artist's account with releases, songs, conversations, a balance: it cannot become a support agent (they would be stranded). Create the agent with another email.",
    );
    expect(Boolean((await userRow("artist@demo.test"))?.admin)).toBe(false);

    // A collaborator invited to a share of the demo artist's track: their money would reach an agent.
    await ensureAccount(ctx.auth, ctx.database, {
      email: "collab@example.test",
      password: "Collab-pass-1",
      name: "Collab",
    });
    const track = await ctx.database.db
      .selectFrom("release_track")
      .innerJoin("release", "release.id", "release_track.releaseId")
      .select(["release_track.id", "release.id as releaseId", "release.artistId"])
      .executeTakeFirstOrThrow();
    const now = Date.now();
    await ctx.database.db
      .insertInto("track_split")
      .values({
        trackId: track.id,
        releaseId: track.releaseId,
        artistId: track.artistId,
        updatedBy: track.artistId,
        updatedAt: now,
      })
      .execute();
    await ctx.database.db
      .insertInto("split_share")
      .values({
        id: crypto.randomUUID(),
        trackId: track.id,
        releaseId: track.releaseId,
        artistId: track.artistId,
        email: "collab@example.test",
        basisPoints: 1000,
        state: "invited",
        tokenHash: "0".repeat(64),
        invitedAt: now,
        expiresAt: now + 86_400_000,
        answeredAt: null,
        collaboratorId: null,
        updatedAt: now,
      })
      .execute();
    await expect(promote("collab@example.test")).rejects.toThrow(
      "collab@example.test is an artist's account with split shares",
    );

    await ensureAccount(ctx.auth, ctx.database, {
      email: "newcomer@example.test",
      password: "Newcomer-pass-1",
      name: "Newcomer",
    });
    expect(await promote("newcomer@example.test")).toBe(
      "Promoted existing user newcomer@example.test to support agent (their password and name are unchanged).",
    );
    const user = await userRow("newcomer@example.test");
    expect([Boolean(user?.admin), user?.name]).toEqual([true, "Newcomer"]);
  });

  it("--finance creates a finance agent, or adds the role to an existing agent", async () => {
    const roles = async (email: string) => {
      const user = await userRow(email);
      const rows = await ctx.database.db
        .selectFrom("user_role")
        .select("role")
        .where("userId", "=", user!.id)
        .execute();
      return { admin: Boolean(user?.admin), roles: rows.map((r) => r.role) };
    };
    const args = (email: string) => [
      "--email",
      email,
      "--password",
      "Agent-pass-1",
      "--name",
      "Money",
      "--finance",
    ];
    expect(await createAdmin(ctx, args("money@example.test"))).toBe(
      "Created finance agent money@example.test.",
    );
    expect(await roles("money@example.test")).toEqual({ admin: true, roles: ["finance"] });
    // boss@ is a support agent from the first test: the role is added, once.
    expect(await roles("boss@example.test")).toEqual({ admin: true, roles: [] });
    for (let i = 0; i < 2; i++) {
      expect(await createAdmin(ctx, args("boss@example.test"))).toBe(
        "Promoted existing user boss@example.test to finance agent (their password and name are unchanged).",
      );
    }
    expect(await roles("boss@example.test")).toEqual({ admin: true, roles: ["finance"] });
  });

  it("explains bad input per argument", async () => {
    await expect(
      createAdmin(ctx, ["--email", "nope", "--password", "weak", "--name", ""]),
    ).rejects.toThrow(/--email: .*\n.*--password: .*\n.*--name: /);
    await expect(createAdmin(ctx, ["--bogus", "x"])).rejects.toThrow();
  });
});

describe("seed-demo", () => {
  it("is idempotent and prints the demo credentials", { timeout: 180_000 }, async () => {
    const first = await seedDemo(ctx);
    const count = async () =>
      (await ctx.database.db.selectFrom("user").select("id").execute()).length;
    const before = await count();
    const second = await seedDemo(ctx);
    expect(await count()).toBe(before);
    for (const text of [first, second]) {
      expect(text).toContain("agent1@demo.test");
      expect(text).toContain("agent2@demo.test");
      expect(text).toContain("artist@demo.test");
      expect(text).toContain("Demo-pass-1");
    }
    expect(Boolean((await userRow("agent1@demo.test"))?.admin)).toBe(true);
  });
});

describe("sweep-files", () => {
  it(
    "removes an old file nothing uses and keeps the demo's files",
    { timeout: 180_000 },
    async () => {
      await seedDemo(ctx);
      const db = ctx.database.db;
      const owner = (await userRow("artist@demo.test"))!.id;
      const abandoned = await createStoredFile(db, ctx.storage, {
        purpose: "avatar",
        ownerId: owner,
        scope: owner,
        name: "never-saved.png",
        bytes: solidPng(2, 2, [1, 2, 3]),
      });
      const dayAgo = Date.now() - 25 * 3_600_000;
      // Every file old: the demo's covers, pictures and chat files are in use.
      await db.updateTable("stored_file").set({ createdAt: dayAgo }).execute();
      const before = (await db.selectFrom("stored_file").select("id").execute()).length;
      expect(await sweepFilesCommand(ctx)).toBe(
        "Removed 0 unfinished upload(s) and 1 unattached file(s).",
      );
      const left = await db.selectFrom("stored_file").select("id").execute();
      expect(left).toHaveLength(before - 1);
      expect(left.map((f) => f.id)).not.toContain(abandoned.id);
    },
  );
});
