import { useState, type SyntheticEvent } from "react";
import { formatDuration, learnDuration } from "./voice-note";

/** A stored audio message: the player, and its real length beside it (not the 0:00 of a recording). */
export function AudioAttachment({ src, label }: { src: string; label: string }) {
  const [seconds, setSeconds] = useState<number | null>(null);
  const learn = (event: SyntheticEvent<HTMLAudioElement>) => {
    const known = learnDuration(event.currentTarget);
    if (known !== null) setSeconds(known);
  };
  const duration = seconds === null ? null : formatDuration(seconds);
  return (
    <div className="flex flex-col gap-1">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a voice message has no caption track */}
      <audio
        controls
        preload="metadata"
        src={src}
        onLoadedMetadata={learn}
        onDurationChange={learn}
        aria-label={duration ? `${label}, ${duration}` : label}
        className="max-w-full"
      />
      {duration && (
        <span className="text-xs tabular-nums">
          <span className="sr-only">Duration: </span>
          {duration}
        </span>
      )}
    </div>
  );
}
