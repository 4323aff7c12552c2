import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { ConfigError, databaseOptionsOf, loadConfig } from "./config";
import { migrateToLatest, openDatabase } from "./db/database";

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsOf(config));
  await migrateToLatest(database);
  const app = await buildApp({
    config,
    database,
    webRoot: path.resolve(here, "../../dist/web"),
  });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
