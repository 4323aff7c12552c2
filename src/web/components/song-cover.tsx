import { useState } from "react";
import { Disc3 } from "lucide-react";
import { pictureSources } from "../../shared/picture-sources";

/** A song's cover, or a placeholder when there is none or it fails to load. */
export function SongCover({
  src,
  alt,
  className = "size-20",
  px = 80,
  eager = false,
  priority = false,
}: {
  src: string | null;
  alt: string;
  className?: string;
  /** The box's width in CSS pixels (as `className` sets it): a thumbnail that fills it is fetched. */
  px?: number;
  /** On screen from the start: load at once (a lazy image there delays the paint). */
  eager?: boolean;
  /** The screen's largest picture (its LCP): fetched before the other images. */
  priority?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        {...pictureSources(src, px)}
        alt={alt}
        loading={eager || priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        onError={() => setFailed(src)}
        className={`${className} shrink-0 rounded-lg object-cover`}
      />
    );
  }
  return (
    <span
      role={alt ? "img" : undefined}
      aria-label={alt ? `${alt} (no cover)` : undefined}
      aria-hidden={alt ? undefined : true}
      className={`${className} flex shrink-0 items-center justify-center rounded-lg bg-slate-200 text-slate-600 dark:bg-slate-800 dark:text-slate-300`}
    >
      <Disc3 aria-hidden="true" className="size-1/2" />
    </span>
  );
}
