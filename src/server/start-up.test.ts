/**
 * The embedded default (SQLite, local files, mail as files) starts without
 * loading what only PostgreSQL, Redis, S3 or SMTP need (issue 24): those
 * packages are a good part of start-up time and memory. A child process
 * builds the app as serve.ts does and lists the packages it loaded.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-start-up-"));
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Engine settings the developer's shell may carry: the default has none of them. */
const ENGINE_VARIABLES = /^(DATABASE_URL|REDIS_URL|SMTP_URL|S3_.*)$/;

interface StartListing {
  packages: string[];
  icu: string[];
}

async function startOnDefault(): Promise<StartListing> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !ENGINE_VARIABLES.test(name)),
  );
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "src/server/test/loaded-packages.ts"],
    { env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: "silent" } },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as StartListing;
}

/** The first start, on a new data directory (the migrations run). */
let first: Promise<StartListing> | undefined;
const started = () => (first ??= startOnDefault());
/** A start on the data directory the first one left: what every restart does. */
const restarted = async () => {
  await started();
  return startOnDefault();
};

it("loads no PostgreSQL, Redis, S3, SMTP, tus server, file-reading or API reference package on the embedded default", async () => {
  const loaded = (await started()).packages;
  // The listing sees packages reached both ways (ES module and CommonJS).
  expect(loaded).toEqual(expect.arrayContaining(["better-sqlite3", "fastify", "kysely"]));
  const engineOnly = [
    "pg",
    "pg-pool",
    "pg-boss",
    "ioredis",
    "@socket.io/redis-adapter",
    "@aws-sdk/client-s3",
    "@tus/s3-store",
    "nodemailer",
    "@react-email/render",
    // The tus server comes with the first upload (its web-standard layer, srvx, too).
    "@tus/server",
    "srvx",
    // The file checks' libraries come with the first file they read (issue 48).
    "sharp",
    "@wasm-audio-decoders/flac",
    "file-type",
    "papaparse",
    // Fastify's JSON Schema compilers: every schema is Zod's (app.ts gives the factory).
    "@fastify/ajv-compiler",
    "@fastify/fast-json-stringify-compiler",
    // The browsable API reference (and the files it serves) is for development only.
    "@fastify/swagger-ui",
  ];
  expect(loaded.filter((name) => engineOnly.includes(name))).toEqual([]);
}, 60_000);

it("uses no ICU formatter, collator or name table at start (each maps megabytes of ICU's data)", async () => {
  // Kysely's migrator sorts by localeCompare unless given a comparator;
  // the earnings' country names are made on first use (decision 128).
  expect((await started()).icu).toEqual([]);
  expect((await restarted()).icu).toEqual([]);
}, 60_000);
