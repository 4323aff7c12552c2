import path from "node:path";
import { Redis } from "ioredis";
import { databaseOptionsOf, type AppConfig } from "./config";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "./db/database";
import type { FileStorage } from "./storage/file-storage";
import { createLocalFileStorage } from "./storage/local-file-storage";
import { createS3FileStorage } from "./storage/s3-file-storage";

export interface Engines {
  database: DatabaseHandle;
  storage: FileStorage;
  redis: Redis | undefined;
  close: () => Promise<void>;
}

/**
 * Opens what the configuration selects: SQLite or PostgreSQL, local files or
 * an S3 bucket, and Redis when configured. Migrations run here, before anything listens.
 */
export async function openEngines(config: AppConfig): Promise<Engines> {
  const database = await openDatabase(databaseOptionsOf(config));
  await migrateToLatest(database);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : undefined;
  const storage = config.s3
    ? createS3FileStorage({ ...config.s3, ...(redis ? { redis } : {}) })
    : createLocalFileStorage(path.join(config.dataDir, "uploads"));
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
