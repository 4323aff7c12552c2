import { afterAll, describe, expect, it, vi } from "vitest";

describe("zod-without-eval", () => {
  afterAll(() => {
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    vi.resetModules();
  });

  it("makes zod parse objects without compiling code", async () => {
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    vi.resetModules();
    await import("./zod-without-eval");
    const { config } = await import("zod/v4/core");
    const { z } = await import("zod");
    expect(config().jitless).toBe(true);

    const compiled = vi.spyOn(globalThis, "Function");
    expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
    expect(compiled).not.toHaveBeenCalled();
  });
});
