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
// A signed-in screen's skeleton (scripts/build/prerender.tsx, route-skeleton.tsx):
// static markup made without a session, never hydrated.
const skeleton = root.hasAttribute("data-skeleton");
if (root.firstElementChild && !skeleton) {
  // A public screen prerendered at build time for a signed-out visitor
  // (scripts/build/prerender.tsx): hydrate it with the same answer, marked stale so
  // the session is still checked and a signed-in visitor moves on.
  queryClient.setQueryData(sessionQueryKey, null, { updatedAt: 0 });
  void ready.then(() => hydrateRoot(root, app));
} else {
  // Every other screen needs the session first: ask now (the built page has
  // preloaded it), while its modules load; render once they are in, in a
  // transition that yields to the browser (no long task).
  const session = queryClient
    .query({ queryKey: sessionQueryKey, queryFn: fetchSessionUser })
    .catch(() => {
      // The guard's own query retries and shows the failure.
    });
  // Over a skeleton, React's first render replaces it (createRoot clears the
  // container when it commits): wait for the session too, so that render is
  // the signed-in screen (or the way to /login), not a spinner over the
  // skeleton. A session slower than 3 s is waited for by the guard instead.
  const known = skeleton
    ? Promise.race([session, new Promise((resolve) => setTimeout(resolve, 3000))])
    : undefined;
  void Promise.all([ready, known]).then(() =>
    startTransition(() => {
      createRoot(root).render(app);
    }),
  );
}

// The offline shell and update prompt, once the page itself has loaded.
const startWorker = () =>
  void import("./app/register-service-worker").then((m) => m.startServiceWorker());
if (document.readyState === "complete") startWorker();
else window.addEventListener("load", startWorker, { once: true });
