import pg from "pg";

export interface PostgresPoolOptions {
  url: string;
  max: number;
  /** Extra server options (search_path for test schemas). */
  options?: string;
  /** Told about every connection that broke; the pool itself carries on. */
  onConnectionError: (err: Error) => void;
}

/**
 * A pg pool that survives its connections dying (PostgreSQL restart,
 * failover, pg_terminate_backend, an idle-connection reaper). pg emits
 * 'error' on an idle client through the pool and on a checked-out client
 * itself; an 'error' event nobody listens to ends the process. Listening is
 * enough: a client that errored is not queryable, so the pool discards it
 * on release and opens a fresh one for the next query.
 */
export function createPostgresPool(options: PostgresPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max,
    // While PostgreSQL is unreachable, fail a query within seconds instead of
    // queueing requests forever; health reports the outage meanwhile.
    connectionTimeoutMillis: 5_000,
    // Notice a silently dropped TCP connection (cut proxy, NAT timeout).
    keepAlive: true,
    // Keep what a burst opened for a while (pg closed idle ones after 10 s):
    // opening a connection forks a backend that starts with cold caches, and
    // a burst that found the pool drained spent most of its time opening
    // connections (decision 118). The pool still never opens more than a
    // burst needed, and closes them after 10 quiet minutes, as HikariCP does.
    idleTimeoutMillis: 10 * 60_000,
    ...(options.options ? { options: options.options } : {}),
  });
  pool.on("error", (err) => options.onConnectionError(err));
  pool.on("connect", (client) => {
    client.on("error", (err) => options.onConnectionError(err));
  });
  return pool;
}
