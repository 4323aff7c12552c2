import path from "node:path";
import { createAuth, type Auth } from "../server/auth/auth";
import { resolveAuthSecret } from "../server/auth/secret";
import { loadConfig, type AppConfig } from "../server/config";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "../server/db/database";

export interface CliContext {
  config: AppConfig;
  database: DatabaseHandle;
  auth: Auth;
  close: () => Promise<void>;
}

/** The same configuration, database and auth the server uses, migrated to the latest schema. */
export async function openCliContext(): Promise<CliContext> {
  const config = loadConfig();
  const database = openDatabase({ sqliteFile: path.join(config.dataDir, "portal.sqlite") });
  await migrateToLatest(database);
  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    publicUrl: config.publicUrl,
  });
  return { config, database, auth, close: () => database.close() };
}
