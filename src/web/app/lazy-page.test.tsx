import { Suspense, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { lazyPage } from "./lazy-page";

const screen = () => ({ default: () => <h1>The screen</h1> });
const render = (Page: ComponentType) =>
  renderToString(
    <Suspense fallback={<p>Loading</p>}>
      <Page />
    </Suspense>,
  );

describe("lazyPage", () => {
  it("renders its screen at once after a preload, with no Suspense round", async () => {
    const { Page, preload } = lazyPage(() => Promise.resolve(screen()));
    expect(render(Page)).toContain("Loading");
    await preload();
    expect(render(Page)).toContain("The screen");
  });

  it("fetches the module once however often it is preloaded", async () => {
    const load = vi.fn(() => Promise.resolve(screen()));
    const { preload } = lazyPage(load);
    await Promise.all([preload(), preload()]);
    await preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed fetch", async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof screen>>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(screen());
    const { Page, preload } = lazyPage(load);
    await expect(preload()).rejects.toThrow("offline");
    await preload();
    expect(load).toHaveBeenCalledTimes(2);
    expect(render(Page)).toContain("The screen");
  });
});
