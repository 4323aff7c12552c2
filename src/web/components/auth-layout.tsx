import type { ReactNode } from "react";
import { Music } from "lucide-react";

export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-indigo-600 text-white">
            <Music aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>
        </div>
        {children}
      </div>
    </main>
  );
}
