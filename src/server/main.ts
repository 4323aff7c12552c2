import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openEngines } from "./engines";

const here = path.dirname(fileURLToPath(import.meta.url));
/** Longest a shutdown may wait for in-flight requests and upload chunks. */
const SHUTDOWN_GRACE_MS = 25_000;

async function main() {
  const config = loadConfig();
  const engines = await openEngines(config);
  const app = await buildApp({
    config,
    ...engines,
    webRoot: path.resolve(here, "../../dist/web"),
  });

  // SIGTERM: stop accepting, let in-flight requests (an upload's current chunk
  // included) finish, disconnect sockets so clients reconnect elsewhere, exit.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await engines.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
