import { Mic } from "lucide-react";
import { iconButton } from "./icon-button";

/**
 * Opens the voice recorder (in its own chunk: `onIntent`, on hover or focus,
 * fetches it ahead of the click). Only where the browser can record.
 */
export function RecordButton({
  disabled,
  onStart,
  onIntent,
}: {
  disabled: boolean;
  onStart: () => void;
  onIntent: () => void;
}) {
  const supported = typeof MediaRecorder !== "undefined" && Boolean(navigator.mediaDevices);
  if (!supported) return null;
  return (
    <button
      type="button"
      className={iconButton}
      disabled={disabled}
      aria-label="Record audio"
      onClick={onStart}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      <Mic aria-hidden="true" className="size-5" />
    </button>
  );
}
