import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

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
  ])("names the bad variable in %j", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
