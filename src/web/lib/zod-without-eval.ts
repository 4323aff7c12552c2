// zod compiles object parsers with `new Function` when it may. Under our CSP
// (no 'unsafe-eval') even its guarded probe is reported as a CSP violation in
// the console, so the front end tells zod up front to stay interpreted
// (`jitless`). zod reads its settings from this global when it first loads;
// setting it here, rather than importing zod's `config`, keeps zod out of the
// entry chunk. main.tsx imports this first, before any schema module loads;
// zod-without-eval.test.ts fails if zod stops reading the global.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
