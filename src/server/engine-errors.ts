import type { FastifyInstance } from "fastify";

/**
 * Long-lived clients lose their connections (PostgreSQL restart or failover,
 * Redis restart, an idle-connection reaper). Each reconnects by itself; this
 * routes their errors to the app's log, once per outage instead of once per
 * retry, so nothing emits an unheard 'error' event (which ends a process).
 * Readiness (/api/health/ready) reports the outage meanwhile.
 */
export function logEngineErrors(app: FastifyInstance): void {
  const { database, redis } = app.ctx;
  database.onConnectionError = (err) => {
    app.log.warn(
      { err, engine: database.dialect },
      "database connection lost; the pool reconnects",
    );
  };
  if (!redis) return;
  let down = false;
  const onError = (err: Error) => {
    if (down) return;
    down = true;
    app.log.warn({ err, engine: "redis" }, "redis connection lost; reconnecting");
  };
  const onReady = () => {
    if (down) app.log.info({ engine: "redis" }, "redis connection back");
    down = false;
  };
  redis.on("error", onError);
  redis.on("ready", onReady);
  app.addHook("onClose", (_instance, done) => {
    redis.off("error", onError);
    redis.off("ready", onReady);
    done();
  });
}
