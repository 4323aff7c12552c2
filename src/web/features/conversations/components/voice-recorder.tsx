import { useEffect, useRef } from "react";
import { SendHorizontal, X } from "lucide-react";
import { iconButton } from "./icon-button";
import { useVoiceRecording } from "./use-voice-recording";

const formatElapsed = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * Records a voice message with MediaRecorder: a timer, Cancel, and Send,
 * which hands the recording over as an audio file. The microphone is asked
 * for on the click that opened the recorder, never before.
 */
export function VoiceRecorder({
  onCancel,
  onRecorded,
}: {
  onCancel: () => void;
  onRecorded: (file: File) => void;
}) {
  const { state, elapsed, send } = useVoiceRecording(onRecorded);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // The recorder opens on request: the way out is where focus goes.
  useEffect(() => cancelButton.current?.focus(), []);

  return (
    <div
      role="group"
      aria-label="Voice message"
      className="flex items-center gap-2 border-t border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900"
    >
      <button
        ref={cancelButton}
        type="button"
        className={iconButton}
        aria-label="Cancel recording"
        onClick={onCancel}
      >
        <X aria-hidden="true" className="size-5" />
      </button>
      {state.phase === "failed" ? (
        <p role="alert" className="flex-1 text-sm text-red-800 dark:text-red-200">
          {state.message}
        </p>
      ) : (
        <p className="flex flex-1 items-center gap-2 text-sm">
          <span
            aria-hidden="true"
            className={`size-2.5 rounded-full ${state.phase === "recording" ? "bg-red-600" : "bg-slate-400"}`}
          />
          {state.phase === "recording" ? "Recording" : "Starting the microphone…"}
          <span role="timer" aria-label="Recording time" className="tabular-nums">
            {formatElapsed(elapsed)}
          </span>
        </p>
      )}
      <button
        type="button"
        disabled={state.phase !== "recording"}
        aria-label="Send recording"
        onClick={send}
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-indigo-700 text-white hover:bg-indigo-800 disabled:bg-slate-300 disabled:text-slate-600 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300 dark:disabled:bg-slate-700 dark:disabled:text-slate-300"
      >
        <SendHorizontal aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
