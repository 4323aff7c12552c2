import path from "node:path";
import { createAuth, type Auth } from "../server/auth/auth";
import { resolveAuthSecret } from "../server/auth/secret";
import { loadConfig, type AppConfig } from "../server/config";
import type { FileStorage } from "../server/storage/file-storage";
import { createLocalFileStorage } from "../server/storage/local-file-storage";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "../server/db/database";

export interface CliContext {
  config: AppConfig;
  database: DatabaseHandle;
  auth: Auth;
  storage: FileStorage;
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
  const storage = createLocalFileStorage(path.join(config.dataDir, "uploads"));
  return { config, database, auth, storage, close: () => database.close() };
}
