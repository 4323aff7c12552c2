import path from "node:path";
import { z } from "zod";
import { DEFAULT_MARKETING_URL } from "../shared/constants";
import { basisPointsFromPercent } from "../shared/basis-points";
import { DEFAULT_RELEASE_LEAD_DAYS, MIN_RELEASE_LEAD_DAYS } from "../shared/release-constants";
import type { TdsRules } from "../shared/tds";
import type { DatabaseOptions, SqliteSynchronous } from "./db/database";
import { trustProxySchema, type TrustProxy } from "./http/trust-proxy";

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .transform((u) => u.replace(/\/+$/, ""));

const positiveInt = z.coerce.number().int().min(1);

/** A percent with at most two decimals (0.75, 10), read as basis points (75, 1000). */
const percentBasisPoints = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, "must be a percent with at most two decimals, e.g. 10")
  .transform(basisPointsFromPercent)
  .refine((bp) => bp <= 10_000, "must be at most 100 (percent)");

/**
 * PAYOUT_DETAILS_KEY: the AES-256 key of payout details at rest, 32 bytes
 * written as 64 hex digits or as base64.
 */
const aes256Key = z
  .string()
  .trim()
  .transform((value) =>
    /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64"),
  )
  .refine(
    (key) => key.length === 32,
    "must be 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)",
  );

/** ISRC_PREFIX and UPC_PREFIX when unset (decision 099). */
export const DEFAULT_ISRC_PREFIX = "IN-A1B";
export const DEFAULT_UPC_PREFIX = "890123456";

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    PUBLIC_URL: httpUrl.optional(),
    MARKETING_URL: httpUrl.default(DEFAULT_MARKETING_URL),
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    TRUST_PROXY: trustProxySchema,
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" })
      .optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// URL" }).optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, "must be 1 to 32 lowercase letters, digits or dashes")
      .optional(),
    S3_BUCKET: z.string().min(3).optional(),
    S3_ENDPOINT: httpUrl.optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
      .optional(),
    // A header value: one line only, so nothing can be smuggled into the mail headers.
    MAIL_FROM: z
      .string()
      .min(3)
      .regex(/^[^\r\n]+$/, "must be one line")
      .regex(/@/, "must contain an email address")
      .optional(),
    NOTIFY_UNREAD_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    SQLITE_SYNCHRONOUS: z.enum(["FULL", "NORMAL"]).default("FULL"),
    // Per-user limits: defaults far above what a person does, well below what a script does.
    CHAT_SEND_BURST: positiveInt.default(30),
    CHAT_SENDS_PER_MINUTE: positiveInt.default(120),
    UPLOADS_PER_MINUTE: positiveInt.default(30),
    UPLOADS_IN_PROGRESS: positiveInt.default(20),
    STORAGE_QUOTA_MB: positiveInt.default(10_240),
    SOCKETS_PER_USER: positiveInt.default(20),
    UNATTACHED_FILE_HOURS: positiveInt.default(24),
    FILE_SWEEP_MINUTES: positiveInt.default(60),
    // Stores need time to deliver a release: never less than a week.
    RELEASE_LEAD_DAYS: z.coerce
      .number()
      .int()
      .min(MIN_RELEASE_LEAD_DAYS, `must be at least ${MIN_RELEASE_LEAD_DAYS} (days)`)
      .max(365)
      .default(DEFAULT_RELEASE_LEAD_DAYS),
    // The codes an approval assigns (decision 099): ISRC country code and
    // registrant (IN-A1B), and the label's GS1 company prefix (6–10 digits).
    ISRC_PREFIX: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}-?[A-Za-z0-9]{3}$/, "must be a country code and registrant, e.g. IN-A1B")
      .optional()
      // The default goes through the same compaction as a set value (IN-A1B → INA1B).
      .transform((value) => (value ?? DEFAULT_ISRC_PREFIX).replace("-", "").toUpperCase()),
    UPC_PREFIX: z
      .string()
      .trim()
      .regex(/^\d{6,10}$/, "must be the label's GS1 company prefix: 6 to 10 digits, e.g. 890123456")
      .default(DEFAULT_UPC_PREFIX),
    // Payouts (issue 47): TDS by financial year, the smallest withdrawal, the
    // wait after payout details change, and how long a split invitation stands.
    TDS_RATE_PERCENT: percentBasisPoints.default(1000),
    TDS_RATE_NO_PAN_PERCENT: percentBasisPoints.default(2000),
    TDS_THRESHOLD_RUPEES: z.coerce.number().int().min(0).max(1_000_000_000).default(50_000),
    PAYOUT_MINIMUM_RUPEES: z.coerce.number().int().min(1).max(10_000_000).default(500),
    PAYOUT_DETAILS_HOLD_HOURS: z.coerce.number().int().min(0).max(720).default(24),
    PAYOUT_DETAILS_KEY: aes256Key.optional(),
    SPLIT_INVITE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    // Store statements (issue 46): the largest file, and the artist's share by default.
    STATEMENT_MAX_MB: positiveInt.max(1_048_576).default(2048),
    ARTIST_ROYALTY_PERCENT: percentBasisPoints.default(8500),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  // Without a PAN the law asks for more, never less.
  .refine((c) => c.TDS_RATE_NO_PAN_PERCENT >= c.TDS_RATE_PERCENT, {
    error: "must be at least TDS_RATE_PERCENT",
    path: ["TDS_RATE_NO_PAN_PERCENT"],
  });

/** Withdrawals and the details they are paid to (issue 47). */
export interface PayoutConfig {
  tds: TdsRules;
  /** The smallest withdrawal, in paise. */
  minimumPaise: bigint;
  /** Hours withdrawals wait after payout details change; 0: no wait. */
  detailsHoldHours: number;
  /** The key payout details are encrypted with; undefined: generated once into DATA_DIR. */
  detailsKey: Buffer | undefined;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  marketingUrl: string;
  /** A release date is at least this many days after the day it is submitted. */
  releaseLeadDays: number;
  /** ISRC_PREFIX, compact (INA1B): an approval's ISRCs are this, the year's two digits, a counter. */
  isrcPrefix: string;
  /** UPC_PREFIX: the label's GS1 company prefix; an approval's UPC starts with it. */
  upcPrefix: string;
  payouts: PayoutConfig;
  /** Days a split invitation waits for its answer before the share returns to the artist. */
  splitInviteDays: number;
  /** Store statements (issue 46). */
  statements: {
    /** STATEMENT_MAX_MB in bytes. */
    maxBytes: number;
    /** ARTIST_ROYALTY_PERCENT in basis points: an artist's share without a rate of their own. */
    defaultRoyaltyBasisPoints: number;
  };
  /** Undefined means: generate once and keep it in DATA_DIR. */
  authSecret: string | undefined;
  /** Sign-in and sign-up requests per minute per IP. */
  authRequestsPerMinutePerIp: number;
  /** Proxies whose X-Forwarded-For names the client (rate limits, sessions); false: none. */
  trustProxy: TrustProxy;
  logLevel: string;
  mail: {
    /** SMTP relay; unset writes each mail as an .eml file under DATA_DIR/mail. */
    smtpUrl: string | undefined;
    from: string;
    /** Seconds a message stays unread before its recipient gets an email. */
    notifyUnreadAfterSeconds: number;
  };
  /** PostgreSQL when set; otherwise the SQLite file in DATA_DIR. */
  databaseUrl: string | undefined;
  /** SQLite durability: FULL survives power loss; NORMAL is faster and may lose the last commits. */
  sqliteSynchronous: SqliteSynchronous;
  limits: UserLimitsConfig;
  /** The sweep of abandoned uploads and files nothing refers to. */
  fileSweep: { everyMinutes: number; olderThanHours: number };
  /** Redis for cross-instance rate limits and live updates; unset for one process. */
  redisUrl: string | undefined;
  /** Set when deployments share one Redis: their keys and live channels stay apart. */
  redisPrefix: string | undefined;
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

/** What one user may do; each limit refuses with a message that says which. */
export interface UserLimitsConfig {
  /** Chat sends within any 10 seconds. */
  chatSendBurst: number;
  chatSendsPerMinute: number;
  /** Upload creations (tus POST) per minute. */
  uploadsPerMinute: number;
  /** Unfinished uploads at once. */
  uploadsInProgress: number;
  /** Bytes of finished and unfinished files (declared lengths) a user may hold. */
  storageQuotaBytes: number;
  /** Open sockets per user on one instance. */
  socketsPerUser: number;
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
  const publicUrl = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl,
    marketingUrl: c.MARKETING_URL,
    releaseLeadDays: c.RELEASE_LEAD_DAYS,
    isrcPrefix: c.ISRC_PREFIX,
    upcPrefix: c.UPC_PREFIX,
    payouts: {
      tds: {
        rateBasisPoints: c.TDS_RATE_PERCENT,
        noPanRateBasisPoints: c.TDS_RATE_NO_PAN_PERCENT,
        thresholdPaise: BigInt(c.TDS_THRESHOLD_RUPEES) * 100n,
      },
      minimumPaise: BigInt(c.PAYOUT_MINIMUM_RUPEES) * 100n,
      detailsHoldHours: c.PAYOUT_DETAILS_HOLD_HOURS,
      detailsKey: c.PAYOUT_DETAILS_KEY,
    },
    splitInviteDays: c.SPLIT_INVITE_DAYS,
    statements: {
      maxBytes: c.STATEMENT_MAX_MB * 1024 * 1024,
      defaultRoyaltyBasisPoints: c.ARTIST_ROYALTY_PERCENT,
    },
    authSecret: c.BETTER_AUTH_SECRET,
    authRequestsPerMinutePerIp: c.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: c.TRUST_PROXY,
    logLevel: c.LOG_LEVEL,
    mail: {
      smtpUrl: c.SMTP_URL,
      from: c.MAIL_FROM ?? `Artist Portal <no-reply@${new URL(publicUrl).hostname}>`,
      notifyUnreadAfterSeconds: c.NOTIFY_UNREAD_AFTER_SECONDS,
    },
    databaseUrl: c.DATABASE_URL,
    sqliteSynchronous: c.SQLITE_SYNCHRONOUS,
    limits: {
      chatSendBurst: c.CHAT_SEND_BURST,
      chatSendsPerMinute: c.CHAT_SENDS_PER_MINUTE,
      uploadsPerMinute: c.UPLOADS_PER_MINUTE,
      uploadsInProgress: c.UPLOADS_IN_PROGRESS,
      storageQuotaBytes: c.STORAGE_QUOTA_MB * 1024 * 1024,
      socketsPerUser: c.SOCKETS_PER_USER,
    },
    fileSweep: { everyMinutes: c.FILE_SWEEP_MINUTES, olderThanHours: c.UNATTACHED_FILE_HOURS },
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
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
    : {
        engine: "sqlite",
        file: path.join(config.dataDir, "portal.sqlite"),
        synchronous: config.sqliteSynchronous,
      };
}
