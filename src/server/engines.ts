import path from "node:path";
import { Redis } from "ioredis";
import { databaseOptionsOf, type AppConfig } from "./config";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "./db/database";
import type { FileStorage } from "./storage/file-storage";
import { createLocalFileStorage } from "./storage/local-file-storage";

export interface Engines {
  database: DatabaseHandle;
  storage: FileStorage;
  redis: Redis | undefined;
  close: () => Promise<void>;
}

/**
 * Opens what the configuration selects: SQLite or PostgreSQL, local files,
 * and Redis when configured. Migrations run here, before anything listens.
 */
export async function openEngines(config: AppConfig): Promise<Engines> {
  const database = await openDatabase(databaseOptionsOf(config));
  await migrateToLatest(database);
  const storage = createLocalFileStorage(path.join(config.dataDir, "uploads"));
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: false })
    : undefined;
  return {
    database,
    storage,
    redis,
    close: async () => {
      redis?.disconnect();
      await database.close();
    },
  };
}
