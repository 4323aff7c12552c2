import type { createBrowserRouter } from "react-router";

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * Resolves once the router has loaded the lazy modules of the first route, so
 * hydration renders the same tree the prerendered HTML shows.
 */
export function whenRouterReady(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
