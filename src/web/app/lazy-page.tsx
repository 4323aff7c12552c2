import { lazy, type ComponentType } from "react";

type PageModule = { default: ComponentType };

/** A route's screen, loaded on first use; `preload` fetches it ahead. */
export interface LazyPage {
  Page: ComponentType;
  preload: () => Promise<void>;
}

/**
 * A screen in its own chunk. Once its module is in, it renders at once (no
 * Suspense round), so a page whose route was preloaded before the first render
 * or hydration shows the same tree the prerendered HTML holds.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // Offline or a stale deploy: the next visit tries again.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Page, preload };
}
