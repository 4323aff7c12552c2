import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

/** Issue 47's settings: TDS, the smallest withdrawal, the hold, the key, split invitations. */
describe("payout configuration", () => {
  it("has the issue's defaults", () => {
    const c = loadConfig({});
    expect(c.payouts).toEqual({
      tds: { rateBasisPoints: 1000, noPanRateBasisPoints: 2000, thresholdPaise: 5_000_000n },
      minimumPaise: 50_000n,
      detailsHoldHours: 24,
      detailsKey: undefined,
    });
    expect(c.splitInviteDays).toBe(30);
  });

  it("reads each setting, percents with up to two decimals", () => {
    const c = loadConfig({
      TDS_RATE_PERCENT: "0.75",
      TDS_RATE_NO_PAN_PERCENT: "5",
      TDS_THRESHOLD_RUPEES: "0",
      PAYOUT_MINIMUM_RUPEES: "100",
      PAYOUT_DETAILS_HOLD_HOURS: "0",
      SPLIT_INVITE_DAYS: "7",
    });
    expect(c.payouts.tds).toEqual({
      rateBasisPoints: 75,
      noPanRateBasisPoints: 500,
      thresholdPaise: 0n,
    });
    expect(c.payouts.minimumPaise).toBe(10_000n);
    expect(c.payouts.detailsHoldHours).toBe(0);
    expect(c.splitInviteDays).toBe(7);
  });

  it("takes PAYOUT_DETAILS_KEY as 64 hex digits or base64 of 32 bytes", () => {
    const hex = "ab".repeat(32);
    expect(loadConfig({ PAYOUT_DETAILS_KEY: hex }).payouts.detailsKey).toEqual(
      Buffer.from(hex, "hex"),
    );
    const base64 = Buffer.alloc(32, 7).toString("base64");
    expect(loadConfig({ PAYOUT_DETAILS_KEY: base64 }).payouts.detailsKey).toEqual(
      Buffer.alloc(32, 7),
    );
  });

  it.each([
    [{ TDS_RATE_PERCENT: "ten" }, "TDS_RATE_PERCENT"],
    [{ TDS_RATE_PERCENT: "10.125" }, "TDS_RATE_PERCENT"],
    [{ TDS_RATE_PERCENT: "101", TDS_RATE_NO_PAN_PERCENT: "101" }, "TDS_RATE_PERCENT"],
    [{ TDS_RATE_NO_PAN_PERCENT: "-1" }, "TDS_RATE_NO_PAN_PERCENT"],
    [{ TDS_RATE_PERCENT: "30" }, "TDS_RATE_NO_PAN_PERCENT: must be at least TDS_RATE_PERCENT"],
    [{ TDS_THRESHOLD_RUPEES: "-5" }, "TDS_THRESHOLD_RUPEES"],
    [{ TDS_THRESHOLD_RUPEES: "500.5" }, "TDS_THRESHOLD_RUPEES"],
    [{ PAYOUT_MINIMUM_RUPEES: "0" }, "PAYOUT_MINIMUM_RUPEES"],
    [{ PAYOUT_DETAILS_HOLD_HOURS: "-1" }, "PAYOUT_DETAILS_HOLD_HOURS"],
    [{ PAYOUT_DETAILS_HOLD_HOURS: "1000" }, "PAYOUT_DETAILS_HOLD_HOURS"],
    [{ PAYOUT_DETAILS_KEY: "too-short" }, "PAYOUT_DETAILS_KEY: must be 32 bytes"],
    [{ PAYOUT_DETAILS_KEY: "ab".repeat(31) }, "PAYOUT_DETAILS_KEY"],
    [{ SPLIT_INVITE_DAYS: "0" }, "SPLIT_INVITE_DAYS"],
  ])("names the bad variable in %j", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
