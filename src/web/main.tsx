import "./lib/zod-without-eval";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { AppScreens } from "./app/app-screens";
import { preloadRoute } from "./app/routes";
import { fetchSessionUser, sessionQueryKey } from "./lib/auth/session";
import "./styles.css";

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppScreens />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);

const root = document.getElementById("root")!;
// The route's screens first (the built page has preloaded their chunks), so
// the first render is the whole screen, as the prerendered HTML shows it.
const ready = preloadRoute(window.location.pathname);
if (root.firstElementChild) {
  // A public screen prerendered at build time for a signed-out visitor
  // (scripts/prerender.tsx): hydrate it with the same answer, marked stale so
  // the session is still checked and a signed-in visitor moves on.
  queryClient.setQueryData(sessionQueryKey, null, { updatedAt: 0 });
  void ready.then(() => hydrateRoot(root, app));
} else {
  // Every other screen needs the session first: ask now (the built page has
  // preloaded it), while its modules load; render once they are in, in a
  // transition that yields to the browser (no long task).
  queryClient.query({ queryKey: sessionQueryKey, queryFn: fetchSessionUser }).catch(() => {
    // The guard's own query retries and shows the failure.
  });
  void ready.then(() => startTransition(() => createRoot(root).render(app)));
}

// The offline shell and update prompt, once the page itself has loaded.
const startWorker = () =>
  void import("./app/register-service-worker").then((m) => m.startServiceWorker());
if (document.readyState === "complete") startWorker();
else window.addEventListener("load", startWorker, { once: true });
