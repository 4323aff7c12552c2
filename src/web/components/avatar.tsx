import { useState } from "react";
import { UserRound } from "lucide-react";

/** A round picture; falls back to a placeholder when missing or broken. */
export function Avatar({
  src,
  name,
  size = "md",
}: {
  src: string | null | undefined;
  name: string;
  size?: "sm" | "md" | "lg";
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const dims = size === "lg" ? "size-20" : size === "sm" ? "size-9" : "size-12";
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt={name}
        onError={() => setFailed(src)}
        className={`${dims} shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`${name} has no picture`}
      className={`${dims} flex shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-200`}
    >
      <UserRound aria-hidden="true" className="size-1/2" />
    </span>
  );
}
