import { describe, expect, it } from "vitest";
import { rulesBroken } from "../../scripts/test/wall-rules";

/**
 * The web's walls are ESLint import zones in `npm run check`
 * (`eslint.config.js`). Each import below is linted as if it were written
 * into a real file of the web, and must be refused (or let through) by them.
 */
describe("the web's walls", () => {
  it("refuse a feature importing another feature's screens or components", async () => {
    const broken = await rulesBroken(
      "src/web/features/songs/song-card.tsx",
      `import { ContactList } from "../conversations/artist/contact-list";\nexport const list = ContactList;\n`,
    );
    expect(broken).toContain("import/no-restricted-paths");
  }, 120_000);

  it("let a feature import another feature's api/ folder", async () => {
    const broken = await rulesBroken(
      "src/web/features/conversations/desk/use-saved-reply-assist.tsx",
      `import { useSavedReplies } from "../../saved-replies/api/saved-replies";\nexport const replies = useSavedReplies;\n`,
    );
    expect(broken).not.toContain("import/no-restricted-paths");
  }, 120_000);

  it("refuse the artist's side of conversations importing the desk", async () => {
    const broken = await rulesBroken(
      "src/web/features/conversations/artist/contact-list.tsx",
      `import { deskInboxUrl } from "../desk/desk-api";\nexport const url = deskInboxUrl;\n`,
    );
    expect(broken).toContain("import/no-restricted-paths");
  }, 120_000);

  it("refuse the desk importing the artist's side of conversations", async () => {
    const broken = await rulesBroken(
      "src/web/features/conversations/desk/desk-inbox.tsx",
      `import { ContactList } from "../artist/contact-list";\nexport const list = ContactList;\n`,
    );
    expect(broken).toContain("import/no-restricted-paths");
  }, 120_000);
});
