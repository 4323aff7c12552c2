/**
 * Run in a child process (`node --import tsx src/server/test/loaded-packages.ts`)
 * with the server's environment: opens the engines and builds the app as
 * serve.ts does (without listening), then prints the npm packages loaded and
 * the ICU services used meanwhile, as JSON. start-up.test.ts reads it: the
 * embedded default must not load what only PostgreSQL, Redis or S3 need, nor
 * map ICU's data (megabytes of it) for what no request has asked for yet.
 * ES modules are seen by a resolve hook; CommonJS packages (pg, pg-boss,
 * ioredis) in require's cache, whichever way they were reached.
 */
import { createRequire, register } from "node:module";
import { MessageChannel } from "node:worker_threads";

const resolved = new Set<string>();
const { port1, port2 } = new MessageChannel();
port1.on("message", (url: string) => resolved.add(url));
port1.unref();
const hook = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, {
  data: { port: port2 },
  transferList: [port2],
});

/** The package of a module path or URL, or null outside node_modules. */
export function packageOf(file: string): string | null {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  return match ? match[1]! : null;
}

/** ICU services the start used: its formatters, collators and name tables. */
const icu = new Set<string>();
for (const name of ["Collator", "DateTimeFormat", "DisplayNames", "NumberFormat"] as const) {
  const original = Intl[name] as unknown as new (...args: unknown[]) => object;
  (Intl as unknown as Record<string, unknown>)[name] = new Proxy(original, {
    construct(target, args) {
      icu.add(`Intl.${name}`);
      return new target(...(args as unknown[]));
    },
  });
}
const { localeCompare } = String.prototype as {
  localeCompare: typeof String.prototype.localeCompare;
};
String.prototype.localeCompare = function (
  this: string,
  ...args: Parameters<string["localeCompare"]>
) {
  icu.add("String.prototype.localeCompare");
  return localeCompare.apply(this, args);
};

const { loadConfig } = await import("../config");
const { prepareDataDir } = await import("../data-dir");
const { openEngines } = await import("../engines");
const { buildApp } = await import("../app");
const config = loadConfig();
prepareDataDir(config);
const engines = await openEngines(config);
// With a logger, as serve.ts builds it (the test runs it at LOG_LEVEL=silent).
const app = await buildApp({ config, ...engines });
await app.ready();
// The hook thread's last messages.
await new Promise((resolve) => setTimeout(resolve, 100));
const files = [...resolved, ...Object.keys(createRequire(import.meta.url).cache)];
const packages = new Set(files.map(packageOf).filter((p): p is string => p !== null));
await app.close();
await engines.close();
process.stdout.write(`${JSON.stringify({ packages: [...packages].sort(), icu: [...icu] })}\n`);
