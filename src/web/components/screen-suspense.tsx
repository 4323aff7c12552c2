import { Suspense, type ReactNode } from "react";
import { Spinner } from "./spinner";

/**
 * Where a screen loading its chunk waits, below the layouts and providers
 * that outlive it. The built app's preact/compat Suspense (decision 111) runs
 * the effects of every component it parks again when it reveals them, so a
 * boundary above the live link closed and reopened the socket on each first
 * visit to a screen (and a typing signal sent meanwhile was lost).
 */
export function ScreenSuspense({
  children,
  fallback = <Spinner className="min-h-40 flex-1" />,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
