import { describe, expect, it } from "vitest";
import { rulesBroken } from "../../scripts/test/wall-rules";

/**
 * The response schemas never reach the production bundle (decision 101): a
 * web file may import their types, not their values; apiFetch loads them in
 * development and tests only, through src/web/lib/api-answers.ts.
 */
describe("the web's answer schemas", () => {
  it("refuse a web file importing a response schema's value", async () => {
    const broken = await rulesBroken(
      "src/web/features/songs/api/get-song-counts.ts",
      `import { songCountsSchema } from "../../../../shared/responses/songs";\nexport const schema = songCountsSchema;\n`,
    );
    expect(broken).toContain("@typescript-eslint/no-restricted-imports");
  }, 120_000);

  it("refuse a web file importing the dev-only answer table", async () => {
    const broken = await rulesBroken(
      "src/web/lib/public-config.ts",
      `import { answerSchemas } from "./api-answers";\nexport const schemas = answerSchemas;\n`,
    );
    expect(broken).toContain("@typescript-eslint/no-restricted-imports");
  }, 120_000);

  it("let a web file import a response schema's types", async () => {
    const broken = await rulesBroken(
      "src/web/features/songs/api/get-song-counts.ts",
      `import type { SongStores } from "../../../../shared/responses/release-review";\nexport type Stores = SongStores;\n`,
    );
    expect(broken).not.toContain("@typescript-eslint/no-restricted-imports");
  }, 120_000);
});
