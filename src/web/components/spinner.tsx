import { LoaderCircle } from "lucide-react";

export function Spinner({
  label = "Loading…",
  className = "",
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div role="status" className={`flex items-center justify-center gap-2 ${className}`}>
      <LoaderCircle
        aria-hidden="true"
        className="size-6 animate-spin text-indigo-600 dark:text-indigo-400"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function FullPageSpinner() {
  return <Spinner className="min-h-dvh" />;
}
