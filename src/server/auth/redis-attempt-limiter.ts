import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { AttemptLimit, AttemptLimiter } from "./attempt-limiter";

/**
 * Failed attempts in a Redis sorted set per key (score = time), so every
 * instance behind the load balancer counts the same failures.
 */
export function createRedisAttemptLimiter(
  redis: Redis,
  limit: AttemptLimit,
  prefix = "portal:attempts:",
): AttemptLimiter {
  const keyOf = (key: string) => prefix + key;
  return {
    async isBlocked(key) {
      const now = Date.now();
      const [, count] = (await redis
        .multi()
        .zremrangebyscore(keyOf(key), 0, now - limit.windowMs)
        .zcard(keyOf(key))
        .exec()) as [[Error | null, number], [Error | null, number]];
      return count[1] >= limit.maxFailures;
    },
    async recordFailure(key) {
      const now = Date.now();
      await redis
        .multi()
        .zadd(keyOf(key), now, `${now}-${randomUUID()}`)
        .pexpire(keyOf(key), limit.windowMs)
        .exec();
    },
    async reset(key) {
      await redis.del(keyOf(key));
    },
  };
}
