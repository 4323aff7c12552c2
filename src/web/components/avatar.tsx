import { useState } from "react";
import { UserRound } from "lucide-react";
import { pictureSources } from "../../shared/picture-sources";

const BOX = {
  sm: { className: "size-9", px: 36 },
  md: { className: "size-12", px: 48 },
  lg: { className: "size-20", px: 80 },
};

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
  const { className: dims, px } = BOX[size];
  if (src && failed !== src) {
    return (
      <img
        {...pictureSources(src, px)}
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
