import { createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";

/** A module loaded on first use, and the components ("parts") it holds. */
export interface LazyModule<M> {
  /** Starts the load ahead (on hover or focus of what opens a part); fetched once. */
  preload: () => Promise<M>;
  /** A component of the module; `pending` shows while the module loads. */
  part: <P extends object>(
    pick: (module: M) => ComponentType<P>,
    pending?: ReactNode,
  ) => ComponentType<P>;
}

/** Shown in a part's place when its module could not be fetched (offline, a stale deploy). */
function Unavailable() {
  return (
    <p role="alert" className="px-3 py-2 text-sm text-red-800 dark:text-red-200">
      This could not be loaded. Check your connection and try again.
    </p>
  );
}

/**
 * Code that a screen needs only for some of its tools (an agent's desk, the
 * search, the recorder) in a chunk of its own, fetched the first time one of
 * its parts shows. A part mounted once the module is in renders at once, with
 * no Suspense round; which of the two it is stays fixed for the mount, so the
 * part is never remounted (and never loses its state or focus) when the load
 * finishes. A failed load shows a notice in the part's place, not an error
 * screen, and the next mount tries again.
 */
export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function part<P extends object>(
    pick: (module: M) => ComponentType<P>,
    pending: ReactNode = null,
  ): ComponentType<P> {
    const fetchPart = (): Promise<{ default: ComponentType<P> }> =>
      preload().then(
        (module) => ({ default: pick(module) }),
        () => ({ default: Unavailable }),
      );
    function LazyPart(props: P) {
      const [Part] = useState<ComponentType<P>>(() => (loaded ? pick(loaded) : lazy(fetchPart)));
      return <Suspense fallback={pending}>{createElement(Part, props)}</Suspense>;
    }
    return LazyPart;
  }

  return { preload, part };
}
