/**
 * Failures that are the environment's, not the request's: a full disk, a
 * database or Redis that is restarting. They answer 503 with Retry-After and
 * a message a person can act on, instead of a 500 ("something went wrong").
 */
export interface Unavailable {
  code: "STORAGE_FULL" | "SERVICE_UNAVAILABLE";
  message: string;
  retryAfterSeconds: number;
}

export const STORAGE_FULL_MESSAGE =
  "The server is out of storage space, so nothing can be saved right now. Please try again later.";
export const SERVICE_UNAVAILABLE_MESSAGE =
  "The service is temporarily unavailable. Please try again in a moment.";

/** errno codes and SQLite result codes for a full disk; PostgreSQL 53100 disk_full. */
const STORAGE_FULL_CODES = new Set(["ENOSPC", "EDQUOT", "SQLITE_FULL", "53100"]);
/** A disk that cannot be written for another reason (read-only mount, I/O error). */
const STORAGE_BROKEN_CODES = new Set(["EROFS", "EIO", "SQLITE_READONLY"]);
/** PostgreSQL connection exceptions (08xxx), shutdown and crash (57P01-57P03), too many connections. */
const DATABASE_DOWN = /^(08...|57P0[123]|53300)$/;
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"]);
const CONNECTION_MESSAGES = [
  "Connection terminated",
  "is not currently accepting connections",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Connection is closed",
  "Reached the max retries per request limit",
];

function codeOf(err: object): string {
  const code = (err as { code?: unknown }).code;
  return typeof code === "string" ? code : "";
}

/** The 503 this error deserves, looking through `cause` chains; undefined for anything else. */
export function unavailableOf(error: unknown): Unavailable | undefined {
  for (let err = error, depth = 0; err && typeof err === "object" && depth < 5; depth++) {
    const code = codeOf(err);
    const message = err instanceof Error ? err.message : "";
    if (STORAGE_FULL_CODES.has(code)) {
      return { code: "STORAGE_FULL", message: STORAGE_FULL_MESSAGE, retryAfterSeconds: 60 };
    }
    if (
      STORAGE_BROKEN_CODES.has(code) ||
      code.startsWith("SQLITE_IOERR") ||
      code.startsWith("SQLITE_READONLY") ||
      DATABASE_DOWN.test(code) ||
      CONNECTION_CODES.has(code) ||
      CONNECTION_MESSAGES.some((m) => message.includes(m))
    ) {
      return {
        code: "SERVICE_UNAVAILABLE",
        message: SERVICE_UNAVAILABLE_MESSAGE,
        retryAfterSeconds: 5,
      };
    }
    err = (err as { cause?: unknown }).cause;
  }
  return undefined;
}
