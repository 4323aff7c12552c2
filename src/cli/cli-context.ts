import { createAuth, type Auth } from "../server/auth/auth";
import { resolveAuthSecret } from "../server/auth/secret";
import { loadConfig, type AppConfig } from "../server/config";
import type { DatabaseHandle } from "../server/db/database";
import { openEngines } from "../server/engines";
import type { FileStorage } from "../server/storage/file-storage";

export interface CliContext {
  config: AppConfig;
  database: DatabaseHandle;
  auth: Auth;
  storage: FileStorage;
  close: () => Promise<void>;
}

/** The same configuration, engines and auth the server uses, migrated to the latest schema. */
export async function openCliContext(env: NodeJS.ProcessEnv = process.env): Promise<CliContext> {
  const config = loadConfig(env);
  const engines = await openEngines(config);
  const auth = createAuth({
    db: engines.database.db,
    dialect: engines.database.dialect,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    publicUrl: config.publicUrl,
  });
  return {
    config,
    database: engines.database,
    auth,
    storage: engines.storage,
    close: engines.close,
  };
}
