import { Suspense } from "react";
import { FullPageSpinner } from "../components/spinner";
import { AppRoutes } from "./routes";
import { ScreenErrorBoundary } from "./screen-error-boundary";

/** The screen for the URL, inside a router: the browser's, or the prerender's static one. */
export function AppScreens() {
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<FullPageSpinner />}>
        <AppRoutes />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
