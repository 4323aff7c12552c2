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
    expect(c.mail).toEqual({
      smtpUrl: undefined,
      from: "Artist Portal <no-reply@localhost>",
      notifyUnreadAfterSeconds: 300,
    });
  });

  it("gives releases 14 days of lead time by default, never less than 7", () => {
    expect(loadConfig({}).releaseLeadDays).toBe(14);
    expect(loadConfig({ RELEASE_LEAD_DAYS: "7" }).releaseLeadDays).toBe(7);
    expect(() => loadConfig({ RELEASE_LEAD_DAYS: "6" })).toThrow(
      /RELEASE_LEAD_DAYS: must be at least 7/,
    );
  });

  it("numbers approvals' codes from ISRC_PREFIX (IN-A1B) and UPC_PREFIX (890123456)", () => {
    expect(loadConfig({})).toMatchObject({ isrcPrefix: "INA1B", upcPrefix: "890123456" });
    expect(loadConfig({ ISRC_PREFIX: "gb-xyz", UPC_PREFIX: "0360002" })).toMatchObject({
      isrcPrefix: "GBXYZ",
      upcPrefix: "0360002",
    });
    expect(() => loadConfig({ ISRC_PREFIX: "IN-A1" })).toThrow(/ISRC_PREFIX: must be a country/);
    expect(() => loadConfig({ UPC_PREFIX: "12345" })).toThrow(/UPC_PREFIX: must be the label's/);
    expect(() => loadConfig({ UPC_PREFIX: "12345678901" })).toThrow(/UPC_PREFIX/);
  });

  it("has per-user limits a person never meets, each settable", () => {
    expect(loadConfig({}).limits).toEqual({
      chatSendBurst: 30,
      chatSendsPerMinute: 120,
      uploadsPerMinute: 30,
      uploadsInProgress: 20,
      storageQuotaBytes: 10 * 1024 * 1024 * 1024,
      socketsPerUser: 20,
    });
    expect(loadConfig({}).fileSweep).toEqual({ everyMinutes: 60, olderThanHours: 24 });
    const c = loadConfig({
      CHAT_SEND_BURST: "5",
      STORAGE_QUOTA_MB: "2",
      UNATTACHED_FILE_HOURS: "48",
    });
    expect(c.limits.chatSendBurst).toBe(5);
    expect(c.limits.storageQuotaBytes).toBe(2 * 1024 * 1024);
    expect(c.fileSweep.olderThanHours).toBe(48);
  });

  it("takes the mail sender's host from PUBLIC_URL", () => {
    const c = loadConfig({
      PUBLIC_URL: "https://portal.example.com",
      SMTP_URL: "smtps://u:p@mx:465",
    });
    expect(c.mail.from).toBe("Artist Portal <no-reply@portal.example.com>");
    expect(c.mail.smtpUrl).toBe("smtps://u:p@mx:465");
  });

  it.each([
    [{ PORT: "not-a-port" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PUBLIC_URL: "ftp://x" }, "PUBLIC_URL"],
    [{ MARKETING_URL: "nope" }, "MARKETING_URL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ REDIS_URL: "http://x" }, "REDIS_URL"],
    [{ REDIS_PREFIX: "Staging Portal" }, "REDIS_PREFIX"],
    [{ S3_BUCKET: "b", S3_ENDPOINT: "nope" }, "S3_ENDPOINT"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ MAIL_FROM: "Portal <a@b.c>\r\nBcc: x@y.z" }, "MAIL_FROM"],
    [{ MAIL_FROM: "no address" }, "MAIL_FROM"],
    [{ NOTIFY_UNREAD_AFTER_SECONDS: "0" }, "NOTIFY_UNREAD_AFTER_SECONDS"],
    [{ CHAT_SEND_BURST: "0" }, "CHAT_SEND_BURST"],
    [{ STORAGE_QUOTA_MB: "lots" }, "STORAGE_QUOTA_MB"],
    [{ SOCKETS_PER_USER: "1.5" }, "SOCKETS_PER_USER"],
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
    expect(c.redisPrefix).toBeUndefined();
    expect(loadConfig({ REDIS_PREFIX: "staging-2" }).redisPrefix).toBe("staging-2");
    expect(c.s3).toMatchObject({ bucket: "uploads", forcePathStyle: true, region: "us-east-1" });
  });

  it("defaults to SQLite in DATA_DIR and local files", () => {
    const c = loadConfig({ DATA_DIR: "/tmp/x" });
    expect(databaseOptionsOf(c)).toEqual({
      engine: "sqlite",
      file: "/tmp/x/portal.sqlite",
      synchronous: "FULL",
    });
    expect(c.s3).toBeUndefined();
  });
});
