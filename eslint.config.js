import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import importPlugin from "eslint-plugin-import";
import fs from "node:fs";

/**
 * Every web feature folder: each may use components, lib and shared, and of
 * another feature only its public part, the api/ folder (its calls to the
 * server and their query hooks), as a server feature asks another's service.
 */
const webFeatures = fs
  .readdirSync("src/web/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every server feature folder: walled from each other as the web's are (issue 41, decision 100). */
const serverFeatures = fs
  .readdirSync("src/server/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A server repository: a file named *-repository.ts or repository.ts, or any
 * file under a repositories/ folder. Only repositories import Kysely's values
 * (sql, ...) and write SQL.
 */
/**
 * Casts that lie (see the rule's config below); kept in one list because a
 * later config's no-restricted-syntax replaces an earlier one's for a file.
 */
const castSelectors = ["TSAsExpression", "TSTypeAssertion"].flatMap((cast) => [
  {
    selector: `${cast} > TSNeverKeyword.typeAnnotation`,
    message: "No `as never`: it fits any type. Type the value (generic, overload, guard).",
  },
  {
    selector: `${cast} > TSAnyKeyword.typeAnnotation`,
    message: "No `as any`: type the value (generic, overload, guard).",
  },
  {
    selector: `${cast}[expression.type=/^(TSAsExpression|TSTypeAssertion)$/]`,
    message: "No double cast (`as unknown as X`): it turns anything into X. Type the value.",
  },
]);

/** Server walls (decision 100): who may write SQL, open a transaction, emit a domain event. */
const sqlSelectors = [
  {
    selector:
      "CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]",
    message: "Only repositories write SQL: move the query into the feature's *-repository.ts.",
  },
];
const transactionSelectors = [
  {
    selector: "CallExpression[callee.property.name='transaction']",
    message:
      "Only services (and repositories, for their own statements) open transactions: orchestrate in the feature's *-service.ts.",
  },
];
const emitSelectors = [
  {
    selector: "CallExpression[callee.property.name='emit'][callee.object.name='events']",
    message: "Only services emit domain events: emit from the feature's *-service.ts.",
  },
  {
    selector: "CallExpression[callee.property.name='emit'][callee.object.property.name='events']",
    message: "Only services emit domain events: emit from the feature's *-service.ts.",
  },
];
/** A service owns a feature's orchestration; the room's writer is the service that commits its lines. */
const serviceFiles = [
  "src/server/**/*-service.ts",
  "src/server/**/service.ts",
  "src/server/**/*-writer.ts",
];

const repositoryFiles = [
  "src/server/**/*-repository.ts",
  "src/server/**/repository.ts",
  "src/server/**/repositories/**",
];
const repositoriesOf = (feature) =>
  repositoryFiles.map(
    (glob) => `./${glob.replace("src/server/**", `src/server/features/${feature}/**`)}`,
  );

export default tseslint.config(
  {
    ignores: [
      "dist",
      "node_modules",
      "data",
      "test-results",
      "playwright-report",
      ".test-output",
      "public",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-confusing-void-expression": "off",
    },
  },
  {
    // No import cycles anywhere in src (the server's app <-> services cycle is gone).
    // import/no-cycle skips `import type`; scripts/test/check-cycles.ts (npm run check) counts them.
    files: ["src/**/*.{ts,tsx}"],
    plugins: { import: importPlugin },
    settings: {
      "import/extensions": [".ts", ".tsx", ".js"],
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } },
    },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Casts that lie: `as never` / `as any` fit anything, `as unknown as X`
    // (any double cast) turns anything into X. Type the value instead
    // (generics, overloads, a type guard that checks). Tests and their
    // helpers are exempt: a fake there only has what the code under test
    // touches (a logger with one method), and a helper may reach into a
    // library's untyped internals; both are checked by the tests running.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}", "src/**/test/**"],
    rules: { "no-restricted-syntax": ["error", ...castSelectors] },
  },
  {
    // Formatters only through src/shared/intl-formats.ts: built once, and only
    // when first used, never as the bundle evaluates (decision 091: ICU's
    // data loads in a worker meanwhile). toLocale*String builds one per call.
    files: ["src/web/**/*.{ts,tsx}", "src/shared/**/*.ts"],
    ignores: ["src/shared/intl-formats.ts", "src/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...[
          "DateTimeFormat",
          "NumberFormat",
          "RelativeTimeFormat",
          "ListFormat",
          "PluralRules",
        ].map((property) => ({
          object: "Intl",
          property,
          message: "Use dateFormat()/numberFormat() from src/shared/intl-formats.ts.",
        })),
        ...["toLocaleString", "toLocaleDateString", "toLocaleTimeString"].map((property) => ({
          property,
          message: "Use dateFormat()/numberFormat() from src/shared/intl-formats.ts.",
        })),
      ],
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      // The web never reaches into server code (architecture: shared <- web).
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**"],
              message: "The web imports only src/shared, never server code.",
            },
          ],
        },
      ],
    },
  },
  {
    // The response schemas stay out of the production bundle (decision 101):
    // the web names an answer to apiFetch and imports the schemas' types
    // only; src/web/lib/api-answers.ts, loaded in development and tests
    // alone, holds their values.
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: ["src/web/lib/api-answers.ts", "src/**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/shared/responses/*", "**/api-answers", "./api-answers"],
              allowTypeImports: true,
              message:
                "Response schemas are for development checks: name the answer to apiFetch, import only types.",
            },
          ],
        },
      ],
    },
  },
  {
    // Web boundaries: features are islands wired together only by src/web/app;
    // components and lib are below every feature (the import plugin is set up above).
    files: ["src/web/**/*.{ts,tsx}"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: "./src/web/features",
              except: [
                `./${feature}`,
                ...webFeatures
                  .filter((other) => other !== feature)
                  .map((other) => `./${other}/api`),
              ],
              message:
                "A feature imports of another feature only its api/ folder; share the rest through lib or components, or compose screens in src/web/app.",
            })),
            // Inside conversations: the artist's side and the agents' desk share the
            // room's code at the feature's root, never each other's.
            ...[
              ["artist", "desk"],
              ["desk", "artist"],
            ].map(([side, other]) => ({
              target: `./src/web/features/conversations/${side}`,
              from: `./src/web/features/conversations/${other}`,
              message: `conversations/${side} never imports conversations/${other}; share through the feature's root.`,
            })),
            {
              target: ["./src/web/lib", "./src/web/components"],
              from: ["./src/web/features", "./src/web/app"],
              message: "lib and components sit below features and app wiring.",
            },
          ],
        },
      ],
    },
  },
  {
    // Server walls (issue 41, decision 100): infrastructure below the features,
    // routes that call their own feature's service, and each feature's SQL its own.
    // Tests may set up through any feature (they are checked by running).
    files: ["src/server/**/*.ts"],
    ignores: ["src/server/**/*.test.ts", "src/server/test/**"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: ["realtime", "http", "db", "mail", "jobs"].map(
                (dir) => `./src/server/${dir}`,
              ),
              from: "./src/server/features",
              message:
                "Infrastructure never imports a feature; the app's wiring hands it what it needs.",
            },
            ...serverFeatures.map((feature) => ({
              target: `./src/server/features/${feature}`,
              from: serverFeatures.filter((other) => other !== feature).flatMap(repositoriesOf),
              message:
                "A feature never imports another feature's repository; ask its service or listen to its events.",
            })),
            ...serverFeatures.map((feature) => ({
              target: [
                `./src/server/features/${feature}/**/routes.ts`,
                `./src/server/features/${feature}/**/*-routes.ts`,
              ],
              from: [
                ...repositoriesOf(feature),
                ...serverFeatures
                  .filter((other) => other !== feature)
                  .map((other) => `./src/server/features/${other}/**`),
              ],
              message:
                "A route calls its own feature's service: never a repository or another feature.",
            })),
          ],
        },
      ],
    },
  },
  {
    // Only repositories (and the database layer itself) build SQL with Kysely;
    // a service may name the types of a database handle it passes on.
    files: ["src/server/**/*.ts"],
    ignores: [
      ...repositoryFiles,
      "src/server/db/**",
      "src/server/**/*.test.ts",
      "src/server/test/**",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "kysely",
              allowTypeImports: true,
              message: "Only repositories build SQL: move the query into a *-repository.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // Below services: no SQL, no transaction, no domain event (decision 100).
    files: ["src/server/**/*.ts"],
    ignores: [
      ...repositoryFiles,
      ...serviceFiles,
      "src/server/db/**",
      "src/server/**/*.test.ts",
      "src/server/**/*-test-helpers.ts",
      "src/server/test/**",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...castSelectors,
        ...sqlSelectors,
        ...transactionSelectors,
        ...emitSelectors,
      ],
    },
  },
  {
    // Services orchestrate: transactions and events, but their SQL is a repository's.
    files: serviceFiles,
    ignores: [...repositoryFiles, "src/server/**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...castSelectors, ...sqlSelectors] },
  },
  {
    // Repositories write SQL (atomically when they must) and never announce anything.
    files: repositoryFiles,
    ignores: ["src/server/**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...castSelectors, ...emitSelectors] },
  },
  {
    // Small pieces (issue 25): a web file reads in one sitting, a function in one screen.
    // Every line counts (blank lines and comments too), so nothing hides in formatting.
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "max-lines": ["error", { max: 350, skipBlankLines: false, skipComments: false }],
      "max-lines-per-function": [
        "error",
        { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/server/**", "**/web/**", "node:*"] }],
    },
  },
  {
    // Small functions and files (issue 25): a newcomer reads any function on one
    // screen and any file in one sitting. Counts every line, comments included.
    // Tests are exempt: a test reads best as one story.
    files: ["src/server/**/*.ts", "src/cli/**/*.ts", "src/shared/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "max-lines": ["error", { max: 350, skipBlankLines: false, skipComments: false }],
      "max-lines-per-function": [
        "error",
        { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  {
    // Tests read JSON bodies of any shape and assert on them.
    files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
);
