import type { ReactNode } from "react";
import { PageHeader } from "./page-header";

/** A full-page screen outside the app shell (account sub-screens) with a back link. */
export function SubPage({
  title,
  backTo,
  backLabel,
  children,
}: {
  title: string;
  backTo: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col p-4 sm:p-6">
      <PageHeader title={title} backTo={backTo} backLabel={backLabel} />
      {children}
    </main>
  );
}
