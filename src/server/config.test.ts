import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, databaseOptionsOf, loadConfig } from "./config";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.resolve("./data"));
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.marketingUrl).toMatch(/^https:\/\//);
  });

  it.each([
    [{ PORT: "not-a-port" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PUBLIC_URL: "ftp://x" }, "PUBLIC_URL"],
    [{ MARKETING_URL: "nope" }, "MARKETING_URL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ REDIS_URL: "http://x" }, "REDIS_URL"],
    [{ S3_BUCKET: "b", S3_ENDPOINT: "nope" }, "S3_ENDPOINT"],
  ])("names the bad variable in %j", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe("engine selection", () => {
  it("selects PostgreSQL, Redis and S3 by configuration alone", () => {
    const c = loadConfig({
      DATABASE_URL: "postgres://u@db:5432/portal",
      REDIS_URL: "redis://cache:6379",
      S3_BUCKET: "uploads",
      S3_ENDPOINT: "http://minio:9000",
    });
    expect(databaseOptionsOf(c)).toEqual({
      engine: "postgres",
      url: "postgres://u@db:5432/portal",
    });
    expect(c.redisUrl).toBe("redis://cache:6379");
    expect(c.s3).toMatchObject({ bucket: "uploads", forcePathStyle: true, region: "us-east-1" });
  });

  it("defaults to SQLite in DATA_DIR and local files", () => {
    const c = loadConfig({ DATA_DIR: "/tmp/x" });
    expect(databaseOptionsOf(c)).toEqual({ engine: "sqlite", file: "/tmp/x/portal.sqlite" });
    expect(c.s3).toBeUndefined();
  });
});
