import type { FastifyInstance } from "fastify";
import { pingDatabase } from "../../db/database";

interface EngineHealth {
  status: "ok" | "down";
  engine: string;
  ms?: number;
}

async function probe(engine: string, check: () => Promise<unknown>): Promise<EngineHealth> {
  const started = performance.now();
  try {
    // A hung engine must not hang the health check.
    await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000).unref()),
    ]);
    return { status: "ok", engine, ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { status: "down", engine };
  }
}

/** Reports every configured engine; 503 when any is down, so a load balancer drains this instance. */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.get("/api/health", async (_request, reply) => {
    const { database, storage, redis } = app.ctx;
    const checks: Record<string, Promise<EngineHealth>> = {
      database: probe(database.dialect, () => pingDatabase(database)),
      storage: probe(storage.engine, () => storage.check()),
    };
    if (redis) checks.redis = probe("redis", () => redis.ping());
    const engines = Object.fromEntries(
      await Promise.all(Object.entries(checks).map(async ([k, v]) => [k, await v] as const)),
    );
    const down = Object.entries(engines).filter(([, e]) => e.status === "down");
    for (const [name] of down) app.log.error({ engine: name }, "health check: engine down");
    return reply
      .status(down.length ? 503 : 200)
      .header("cache-control", "no-store")
      .send({ status: down.length ? "error" : "ok", ...engines });
  });
}
