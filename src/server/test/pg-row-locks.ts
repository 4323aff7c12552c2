import type { FastifyInstance as App } from "fastify";
import pg from "pg";
import { onTestFinished } from "vitest";
import { testDatabaseUrl } from "./test-app";

/*
 * Row locks held from outside the app on PostgreSQL, for tests of steps that
 * overlap: a second connection holds a lock so that one step stops halfway,
 * and a watcher asks who waits behind it.
 */

/** A promise and whether it has settled yet. */
export function watched<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  void promise.finally(() => (state.settled = true));
  return state;
}

export async function waitUntil(check: () => Promise<boolean> | boolean, what: string) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`waited in vain: ${what}`);
}

/** A second connection to the test app's schema, outside the app's pool. */
export async function connect(app: App): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: testDatabaseUrl,
    options: `-c search_path=${app.ctx.database.schema ?? "public"}`,
  });
  client.on("error", () => {});
  await client.connect();
  return client;
}

/**
 * How many backends wait, directly or through each other, for `pid`'s
 * locks. Asked on a connection outside any transaction: pg_stat_activity
 * is read once per transaction.
 */
export async function waitingBehind(watcher: pg.Client, pid: number): Promise<number> {
  const { rows } = await watcher.query<{ n: number }>(
    `with recursive behind(pid) as (
       select $1::int
       union
       select a.pid from pg_stat_activity a join behind b on b.pid = any(pg_blocking_pids(a.pid))
     )
     select count(*)::int - 1 as n from behind`,
    [pid],
  );
  return rows[0]!.n;
}

/** Holds the rows `select … for update` locks until `release` (or the test's end, if it fails first). */
export async function holdLock(app: App, query: string, params: unknown[]) {
  const client = await connect(app);
  await client.query("begin");
  await client.query(query, params);
  const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  let released: Promise<void> | null = null;
  const release = () =>
    (released ??= (async () => {
      await client.query("commit");
      await client.end();
    })());
  onTestFinished(release);
  return { pid: rows[0]!.pid, release };
}

/**
 * How many of these rows another transaction can lock right now (`FOR
 * UPDATE NOWAIT`, released at once); throws "could not obtain lock on row"
 * when a step holds one of them.
 */
export async function rowsFreeNow(
  app: App,
  table: "ledger_account" | "split_share",
  ids: readonly string[],
): Promise<number> {
  const other = await connect(app);
  try {
    await other.query("begin");
    const taken = await other.query(
      `select id from ${table} where id = any($1) for update nowait`,
      [ids],
    );
    await other.query("commit");
    return taken.rowCount ?? 0;
  } finally {
    await other.end();
  }
}
