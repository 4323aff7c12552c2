import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { describe, expect, it, vi } from "vitest";
import { lazyModule } from "./lazy-module";

/** The HTML once every Suspense boundary has settled. */
async function settled(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

const tools = () => ({ Greeting: ({ name }: { name: string }) => <p>Hello {name}</p> });

describe("lazyModule", () => {
  it("shows the pending state until the module is in, then the part at once", async () => {
    const module = lazyModule(() => Promise.resolve(tools()));
    const Greeting = module.part((m) => m.Greeting, <p>Loading</p>);
    expect(renderToString(<Greeting name="Ada" />)).toContain("Loading");
    await module.preload();
    expect(renderToString(<Greeting name="Ada" />)).toContain("Hello <!-- -->Ada");
  });

  it("fetches the module once for every part and preload", async () => {
    const load = vi.fn(() => Promise.resolve(tools()));
    const module = lazyModule(load);
    await Promise.all([module.preload(), module.preload()]);
    await module.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("renders the part when a first render waits for the module", async () => {
    const module = lazyModule(() => Promise.resolve(tools()));
    const Greeting = module.part((m) => m.Greeting, <p>Loading</p>);
    expect(await settled(<Greeting name="Ada" />)).toContain("Hello <!-- -->Ada");
  });

  it("shows a notice in the part's place when the fetch fails, and tries again on the next mount", async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof tools>>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(tools());
    const module = lazyModule(load);
    const Greeting = module.part((m) => m.Greeting);
    const failed = await settled(<Greeting name="Ada" />);
    expect(failed).toContain('role="alert"');
    expect(failed).not.toContain("Hello");
    expect(await settled(<Greeting name="Ada" />)).toContain("Hello <!-- -->Ada");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
