/**
 * A fresh PostgreSQL database for a test that runs whole server processes on
 * it, and its drop. The drop waits for the killed servers' backends to end and
 * for every other backend to take the drop in (a barrier across the cluster),
 * so with the PostgreSQL pass's other files busy on a loaded host it has taken
 * longer than Vitest's 30 s default for a hook: an afterAll that drops one
 * passes DROP_DATABASE_TIMEOUT_MS, and a slow drop is printed with its time.
 */
import { randomUUID } from "node:crypto";
import { adminQuery } from "../db/postgres-database";

export const DROP_DATABASE_TIMEOUT_MS = 120_000;

/** Creates `${prefix}_<random>` beside `adminUrl`'s database; answers its name and URL. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await adminQuery(adminUrl, `create database ${name}`);
  return { name, url: adminUrl.replace(/\/[^/]*$/, `/${name}`) };
}

/** Drops it, ending whatever is still connected to it. */
export async function dropScratchDatabase(adminUrl: string, name: string): Promise<void> {
  const started = Date.now();
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  const took = Date.now() - started;
  if (took > 5_000) console.warn(`dropping the scratch database ${name} took ${took} ms`);
}
