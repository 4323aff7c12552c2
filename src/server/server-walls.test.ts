import { describe, expect, it } from "vitest";
import { rulesBroken } from "../../scripts/test/wall-rules";

/**
 * The server's walls are ESLint rules in `npm run check` (issue 41,
 * decision 100). Each crossing below is linted as if it were written into
 * a real file of the server, and must be refused by the rule that guards it.
 */
describe("the server's walls", () => {
  it("refuse infrastructure importing a feature", async () => {
    const broken = await rulesBroken(
      "src/server/realtime/channels.ts",
      `import { ChatService } from "../features/conversations/messages/chat-service";\nexport const service = ChatService;\n`,
    );
    expect(broken).toContain("import/no-restricted-paths");
  }, 120_000);

  it("refuse a feature importing another feature's repository", async () => {
    const broken = await rulesBroken(
      "src/server/features/songs/song-service.ts",
      `import { peersOf } from "../conversations/repositories/room-repository";\nexport const peers = peersOf;\n`,
    );
    expect(broken).toContain("import/no-restricted-paths");
  }, 120_000);

  it("refuse a route importing a repository, even its own feature's", async () => {
    const broken = await rulesBroken(
      "src/server/features/saved-replies/routes.ts",
      `import { listSavedReplies } from "./repository";\nexport const list = listSavedReplies;\n`,
    );
    expect(broken).toContain("import/no-restricted-paths");
  }, 120_000);

  it("refuse Kysely's query builders outside a repository", async () => {
    const broken = await rulesBroken(
      "src/server/features/conversations/messages/chat-service.ts",
      `import { sql } from "kysely";\nexport const one = sql\`select 1\`;\n`,
    );
    expect(broken).toContain("no-restricted-imports");
  }, 120_000);

  it("let a service import its own repository and Kysely's types", async () => {
    const broken = await rulesBroken(
      "src/server/features/saved-replies/service.ts",
      `import type { Kysely } from "kysely";\nimport type { Database } from "../../db/schema";\nimport { listSavedReplies } from "./repository";\nexport const list = (db: Kysely<Database>) => listSavedReplies(db);\n`,
    );
    expect(broken).not.toContain("import/no-restricted-paths");
    expect(broken).not.toContain("no-restricted-imports");
  }, 120_000);

  it("refuse a query builder outside a repository, even in a service", async () => {
    const broken = await rulesBroken(
      "src/server/features/songs/song-service.ts",
      `export const count = (db: { selectFrom(t: string): unknown }) => db.selectFrom("song_request");\n`,
    );
    expect(broken).toContain("no-restricted-syntax");
  }, 120_000);

  it("refuse a transaction or a domain event below the services", async () => {
    const transaction = await rulesBroken(
      "src/server/features/releases/release-detail.ts",
      `export const run = (db: { transaction(): unknown }) => db.transaction();\n`,
    );
    expect(transaction).toContain("no-restricted-syntax");
    const emitted = await rulesBroken(
      "src/server/features/saved-replies/routes.ts",
      `export const say = (deps: { events: { emit(name: string): void } }) => deps.events.emit("x");\n`,
    );
    expect(emitted).toContain("no-restricted-syntax");
    const fromRepository = await rulesBroken(
      "src/server/features/songs/song-repository.ts",
      `export const say = (events: { emit(name: string): void }) => events.emit("x");\n`,
    );
    expect(fromRepository).toContain("no-restricted-syntax");
  }, 120_000);

  it("let a service open a transaction and emit, and a repository write SQL", async () => {
    const service = await rulesBroken(
      "src/server/features/songs/song-service.ts",
      `export const run = async (db: { transaction(): unknown }, events: { emit(n: string): void }) => {\n  db.transaction();\n  events.emit("x");\n};\n`,
    );
    expect(service).not.toContain("no-restricted-syntax");
    const repository = await rulesBroken(
      "src/server/features/songs/song-repository.ts",
      `export const q = (db: { selectFrom(t: string): unknown }) => db.selectFrom("song_request");\n`,
    );
    expect(repository).not.toContain("no-restricted-syntax");
  }, 120_000);
});
