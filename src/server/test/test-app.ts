import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../app";
import type { AppDeps } from "../context";
import { loadConfig } from "../config";
import {
  dropPostgresSchema,
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
} from "../db/database";

/**
 * The integration suite runs on SQLite by default, and on PostgreSQL when
 * TEST_DATABASE_URL is set: each test app then gets a fresh schema.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export async function openTestDatabase(
  dataDir: string,
): Promise<DatabaseHandle & { dropTestSchema?: () => Promise<void> }> {
  if (!testDatabaseUrl) {
    return openDatabase({ engine: "sqlite", file: path.join(dataDir, "portal.sqlite") });
  }
  // Random and lower case from the start: folder names differ only in case
  // sometimes, and PostgreSQL folds unquoted names to lower case.
  const schema = `t_${randomUUID().replaceAll("-", "")}`;
  const handle = await openDatabase({ engine: "postgres", url: testDatabaseUrl, schema });
  return { ...handle, dropTestSchema: () => dropPostgresSchema(testDatabaseUrl, schema) };
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close: () => Promise<void>;
}

/** A real app on a fresh temporary SQLite database and data directory. */
export async function createTestApp(
  overrides: Partial<AppDeps> = {},
  beforeReady?: (app: FastifyInstance) => void,
  /** Runs before any route is registered (e.g. an onRoute hook that lists them). */
  beforeRoutes?: (app: FastifyInstance) => void,
  /** Extra environment (SMTP_URL, NOTIFY_UNREAD_AFTER_SECONDS ...). */
  env: Record<string, string> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    ...env,
  });
  const database = await openTestDatabase(dataDir);
  await migrateToLatest(database);
  const app = await buildApp({
    config,
    database,
    logger: false,
    authRequestsPerMinutePerIp: 10_000,
    ...overrides,
    ...(beforeRoutes ? { beforeRoutes } : {}),
  });
  beforeReady?.(app);
  await app.ready();
  // tus's FileStore creates its folder with an async mkdir of its own; wait
  // behind it in the thread pool so a quick test cannot remove the folder first.
  await fs.promises.mkdir(path.join(dataDir, "uploads"), { recursive: true });
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      await database.dropTestSchema?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const ORIGIN = "http://localhost:3000";
export const STRONG_PASSWORD = "Str0ng-pass!";

/** The cookie header a browser would send back after this response. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const raw = response.headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(";")[0]).join("; ");
}

let counter = 0;
export function uniqueEmail(prefix = "artist"): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now()}@example.test`;
}

export async function signUp(
  app: FastifyInstance,
  body: Record<string, unknown> = {},
): Promise<{ response: LightMyRequestResponse; cookie: string; email: string }> {
  const email = (body.email as string | undefined) ?? uniqueEmail();
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: { origin: ORIGIN },
    payload: { name: "Test Artist", email, password: STRONG_PASSWORD, consent: true, ...body },
  });
  return { response, cookie: cookieFrom(response), email };
}

export async function signIn(app: FastifyInstance, email: string, password = STRONG_PASSWORD) {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
  return { response, cookie: cookieFrom(response) };
}

/** Deletes the account of this cookie through the real route, as its owner would. */
export async function deleteAccountOf(app: FastifyInstance, cookie: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/account/delete",
    headers: { cookie, origin: ORIGIN },
    payload: { password: STRONG_PASSWORD, confirm: "DELETE" },
  });
  if (response.statusCode !== 200) throw new Error(`delete failed: ${response.body}`);
}
