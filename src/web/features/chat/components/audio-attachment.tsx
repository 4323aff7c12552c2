import { useRef } from "react";
import { formatDuration, useMediaDuration } from "./voice-note";

/** A stored audio message: the player, and its real length beside it (not the 0:00 of a recording). */
export function AudioAttachment({ src, label }: { src: string; label: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const seconds = useMediaDuration(audio, src);
  const duration = seconds === null ? null : formatDuration(seconds);
  return (
    <div className="flex flex-col gap-1">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a voice message has no caption track */}
      <audio
        ref={audio}
        controls
        preload="metadata"
        src={src}
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
