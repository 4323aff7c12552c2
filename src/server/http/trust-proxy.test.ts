import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";

describe("TRUST_PROXY", () => {
  it("is off unless set", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
  });

  it("takes a hop count or a list of addresses and ranges", () => {
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: " 10.0.0.0/8, 127.0.0.1 ,::1,loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
      "loopback",
    ]);
  });

  it.each(["true", "proxy.internal", "10.0.0.0/33", "10.0.0.1/8/2", "::1/129", "999"])(
    "refuses %j, naming the variable",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow("TRUST_PROXY");
    },
  );
});
