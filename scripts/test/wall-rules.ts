import { ESLint } from "eslint";

/**
 * The walls' own rules, linted alone and without type information: the
 * walls' tests check that these refuse (or let through) a written crossing,
 * and every other rule is `npm run check`'s. Without the TypeScript program
 * each lint takes milliseconds; with it, about a minute a test file on a
 * 2-core machine.
 */
const WALL_RULES = new Set([
  "import/no-restricted-paths",
  "no-restricted-imports",
  "@typescript-eslint/no-restricted-imports",
  "no-restricted-syntax",
]);

const eslint = new ESLint({
  cwd: process.cwd(),
  ruleFilter: ({ ruleId }) => WALL_RULES.has(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

/** The wall rules the code breaks, linted as if it were written into the file at this path. */
export async function rulesBroken(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId);
}
