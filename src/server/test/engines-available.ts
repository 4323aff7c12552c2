import pg from "pg";
import { Redis } from "ioredis";
import type { TestContext } from "vitest";

/**
 * Why the PostgreSQL + Redis suites cannot run here, or null when both
 * answer. (In CI both must: the suites then fail instead of skipping.)
 */
export async function enginesUnavailable(pgUrl: string, redisUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.end();
  } catch (err) {
    return `no PostgreSQL at ${pgUrl} (${(err as Error).message})`;
  }
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on("error", () => {});
  try {
    await probe.connect();
    probe.disconnect();
  } catch (err) {
    return `no Redis at ${redisUrl} (${(err as Error).message})`;
  }
  return null;
}

/**
 * Skips a test whose engine is missing on a developer's machine. In CI the
 * engines are required, so there the test fails with the reason instead.
 */
export function skipUnlessAvailable(ctx: TestContext, missing: string | null): void {
  if (!missing) return;
  if (process.env.CI) throw new Error(`Required in CI: ${missing}`);
  ctx.skip(missing);
}
