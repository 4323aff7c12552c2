import type { ReactNode } from "react";
import { PageHeader } from "./page-header";

/** A full-page screen outside the app shell (account sub-screens) with a back link. */
export function SubPage({
  title,
  backTo,
  backLabel,
  busy,
  children,
}: {
  title: string;
  backTo: string;
  backLabel: string;
  /** The prerendered skeleton's, before the screen itself is rendered. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <main
      aria-busy={busy || undefined}
      className="mx-auto flex min-h-dvh w-full max-w-xl flex-col p-4 sm:p-6"
    >
      <PageHeader title={title} backTo={backTo} backLabel={backLabel} />
      {children}
    </main>
  );
}
