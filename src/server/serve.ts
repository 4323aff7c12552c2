import closeWithGrace from "close-with-grace";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { prepareDataDir } from "./data-dir";
import { openEngines } from "./engines";
import { bufferedLog } from "./log-destination";
import { startDone } from "./start-memory";

/** Longest a shutdown may wait for in-flight requests and upload chunks. */
const SHUTDOWN_GRACE_MS = 25_000;

/**
 * Starts the server (main.ts calls it): `webRoot` is the built web app,
 * found from the entry's place (this module is a chunk of the bundle).
 */
export async function serve(webRoot: string): Promise<void> {
  // Whatever the process writes (SQLite, uploads, the secret) is for its own user only.
  process.umask(0o077);
  const config = loadConfig();
  prepareDataDir(config);
  const engines = await openEngines(config);
  const app = await buildApp({
    config,
    ...engines,
    webRoot,
    logStream: bufferedLog(),
  });

  // SIGTERM/SIGINT: stop accepting, let in-flight requests (an upload's current
  // chunk included) finish, disconnect sockets so clients reconnect elsewhere,
  // close the engines, exit 0; past the grace period, exit 1.
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    else app.log.info({ signal }, "shutting down");
    await app.close();
    await engines.close();
  });

  await app.listen({ port: config.port, host: config.host });
  startDone();
}

/** A start that failed: a configuration error as its message, anything else whole. */
export function exitOnStartFailure(err: unknown): never {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
