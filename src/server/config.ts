import path from "node:path";
import { z } from "zod";
import { DEFAULT_MARKETING_URL } from "../shared/constants";
import type { DatabaseOptions } from "./db/database";

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .transform((u) => u.replace(/\/+$/, ""));

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: httpUrl.optional(),
  MARKETING_URL: httpUrl.default(DEFAULT_MARKETING_URL),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" })
    .optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// URL" }).optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  marketingUrl: string;
  /** Undefined means: generate once and keep it in DATA_DIR. */
  authSecret: string | undefined;
  /** Sign-in and sign-up requests per minute per IP. */
  authRequestsPerMinutePerIp: number;
  logLevel: string;
  /** PostgreSQL when set; otherwise the SQLite file in DATA_DIR. */
  databaseUrl: string | undefined;
  /** Redis for cross-instance rate limits and live updates; unset for one process. */
  redisUrl: string | undefined;
  /** An S3-compatible bucket for uploads; unset keeps files in DATA_DIR. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      }
    | undefined;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; the error names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = result.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    marketingUrl: c.MARKETING_URL,
    authSecret: c.BETTER_AUTH_SECRET,
    authRequestsPerMinutePerIp: c.AUTH_RATE_LIMIT_PER_MINUTE,
    logLevel: c.LOG_LEVEL,
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          region: c.S3_REGION,
          ...(c.S3_ENDPOINT ? { endpoint: c.S3_ENDPOINT } : {}),
          ...(c.S3_ACCESS_KEY_ID ? { accessKeyId: c.S3_ACCESS_KEY_ID } : {}),
          ...(c.S3_SECRET_ACCESS_KEY ? { secretAccessKey: c.S3_SECRET_ACCESS_KEY } : {}),
          // Custom endpoints (MinIO and friends) usually need path-style addressing.
          forcePathStyle: c.S3_FORCE_PATH_STYLE
            ? c.S3_FORCE_PATH_STYLE === "true"
            : Boolean(c.S3_ENDPOINT),
        }
      : undefined,
  };
}

/** Which database the config selects. */
export function databaseOptionsOf(config: AppConfig): DatabaseOptions {
  return config.databaseUrl
    ? { engine: "postgres", url: config.databaseUrl }
    : { engine: "sqlite", file: path.join(config.dataDir, "portal.sqlite") };
}
