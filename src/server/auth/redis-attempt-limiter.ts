import type { Redis } from "ioredis";
import { createAttemptLimiter, type AttemptLimit, type AttemptLimiter } from "./attempt-limiter";

/** Failed attempts counted in Redis, so every instance behind the load balancer sees the same failures. */
export function createRedisAttemptLimiter(
  redis: Redis,
  limit: AttemptLimit,
  prefix = "attempts:",
): AttemptLimiter {
  return createAttemptLimiter(limit, redis, prefix);
}
