import { describe, expect, it } from "vitest";
import { withinTime } from "./within-time";

const never = new Promise<string>(() => undefined);

describe("withinTime", () => {
  it("answers the work's answer when it comes in time", async () => {
    await expect(withinTime(Promise.resolve("found"), 1000, () => "late")).resolves.toBe("found");
  });

  it("answers late()'s answer once the time is up", async () => {
    const started = Date.now();
    await expect(withinTime(never, 30, () => "late")).resolves.toBe("late");
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("rejects with what late() throws, and passes the work's own failure on", async () => {
    const late = () => {
      throw new Error("no answer within 2 s");
    };
    await expect(withinTime(never, 10, late)).rejects.toThrow("no answer within 2 s");
    await expect(withinTime(Promise.reject(new Error("gone")), 1000, late)).rejects.toThrow("gone");
  });

  it("takes a time already spent as no time at all", async () => {
    await expect(withinTime(never, -5, () => "late")).resolves.toBe("late");
  });
});
