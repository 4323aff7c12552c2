import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { healthSchema, liveSchema } from "../../../shared/responses/health";
import { pingDatabase } from "../../db/database";
import { checkFreeSpace } from "../../storage/free-space";
import { noQuerySchema } from "../../../shared/no-input";
import { withinTime } from "../../within-time";

interface EngineHealth {
  status: "ok" | "down";
  engine: string;
  ms?: number;
  /** Why it is down, in words an operator can act on. */
  reason?: string;
}

const PROBE_TIMEOUT_MS = 2000;

/** The work's answer, or a rejection once the probe's time is up: a hung engine never hangs health. */
function withinProbeTime<T>(work: Promise<T>): Promise<T> {
  return withinTime(work, PROBE_TIMEOUT_MS, () => {
    throw new Error("no answer within 2 s");
  });
}

async function probe(engine: string, check: () => Promise<unknown>): Promise<EngineHealth> {
  const started = performance.now();
  try {
    await withinProbeTime(check());
    return { status: "ok", engine, ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch (err) {
    return { status: "down", engine, reason: err instanceof Error ? err.message : String(err) };
  }
}

const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");

/**
 * Liveness and readiness, for a load balancer or an orchestrator:
 * - /api/health/live: the process answers. Touches no engine, so an outage
 *   of PostgreSQL or Redis never gets a healthy process restarted.
 * - /api/health/ready: every configured engine works (database round trip,
 *   storage writable with free space, Redis answering); 503 naming the
 *   engines that are down, so the balancer drains this instance meanwhile.
 * - /api/health: the same as ready, kept for existing checks.
 * The checks use no libuv thread-pool work that password hashing could
 * queue them behind (see storage/free-space.ts).
 */
function healthPlugin(
  parent: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["operations"];
  app.get(
    "/api/health/live",
    {
      schema: {
        tags,
        summary: "The process answers (touches no engine)",
        querystring: noQuerySchema,
        response: { 200: liveSchema },
      },
    },
    async (_request, reply) =>
      noStore(reply).send({ status: "ok", uptimeSeconds: Math.round(process.uptime()) }),
  );

  const ready = async (_request: unknown, reply: FastifyReply) => {
    const { database, storage, redis } = app.ctx;
    const checks: Record<string, Promise<EngineHealth>> = {
      database: probe(database.dialect, async () => {
        // SQLite reads still work on a full disk; its writes do not.
        if (database.file) checkFreeSpace(database.file);
        await pingDatabase(database);
      }),
      storage: probe(storage.engine, () => storage.check()),
    };
    if (redis) checks.redis = probe("redis", () => redis.ping());
    // Every check runs at once and within the probe time, the mail ones too
    // (the outbox count reads the database): the answer comes within 2 s.
    const { mail } = app.ctx;
    const mailChecks = Promise.all([
      probe(mail.transport.engine, () => mail.transport.check()),
      withinProbeTime(mail.pending()).catch(() => null),
    ]);
    const engines = Object.fromEntries(
      await Promise.all(Object.entries(checks).map(async ([k, v]) => [k, await v] as const)),
    );
    const down = Object.entries(engines)
      .filter(([, e]) => e.status === "down")
      .map(([name]) => name);
    for (const name of down) {
      app.log.error({ engine: name, reason: engines[name]?.reason }, "health check: engine down");
    }
    // Reported, but a mail relay being down does not drain the instance: mail waits in the outbox.
    const [transport, pending] = await mailChecks;
    const { ledgerNotices } = app.ctx;
    return noStore(reply)
      .status(down.length ? 503 : 200)
      .send({
        status: down.length ? "error" : "ok",
        ...(down.length ? { message: `Not ready: ${down.join(", ")} down.`, down } : {}),
        ...engines,
        mail: { ...transport, jobs: mail.queue.engine, pending },
        ...(ledgerNotices
          ? { ledgerNotices: { engine: "postgres-listen", ...ledgerNotices.health() } }
          : {}),
      });
  };
  const readySchema = {
    tags,
    summary: "Every configured engine works; 503 naming the ones down",
    querystring: noQuerySchema,
    response: { 200: healthSchema, 503: healthSchema },
  };
  app.get("/api/health/ready", { schema: readySchema }, ready);
  app.get(
    "/api/health",
    { schema: { ...readySchema, summary: "Same as /api/health/ready" } },
    ready,
  );
  done();
}

export default fp(healthPlugin, { name: "health", decorators: { fastify: ["ctx"] } });
