import os from "node:os";
import path from "node:path";
import type { Redis } from "ioredis";
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
 * Opens what the configuration selects: SQLite or PostgreSQL, local files or
 * an S3 bucket, and Redis when configured. Migrations run here, before anything listens.
 */
export async function openEngines(config: AppConfig): Promise<Engines> {
  const database = await openDatabase(databaseOptionsOf(config));
  await migrateToLatest(database);
  // Redis and the S3 client (the AWS SDK alone is a third of start-up) load
  // only when configured: a single SQLite instance starts without them.
  const redis = config.redisUrl
    ? new (await import("ioredis")).Redis(config.redisUrl, {
        maxRetriesPerRequest: 2,
        // The commands of one event-loop turn (the turn's sends' limit checks
        // and publishes) leave in one write instead of one each; the
        // duplicated pub/sub clients inherit it (docs/benchmarks.md, two instances).
        enableAutoPipelining: true,
        // CLIENT LIST shows which instance holds a connection (duplicates inherit it).
        connectionName: `portal:${os.hostname()}:${process.pid}`,
        // Every key of a deployment sharing Redis with others starts with its
        // prefix; the live channels take it too (redis-adapter.ts).
        ...(config.redisPrefix ? { keyPrefix: `${config.redisPrefix}:` } : {}),
      })
    : undefined;
  const storage = config.s3
    ? (await import("./storage/s3-file-storage")).createS3FileStorage({
        ...config.s3,
        ...(redis ? { redis } : {}),
      })
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
