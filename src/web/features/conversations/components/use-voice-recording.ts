import { useEffect, useRef, useState } from "react";

export type RecorderState =
  | { phase: "starting" }
  | { phase: "recording"; startedAt: number }
  | { phase: "failed"; message: string };

/** A recording's file name and type from what the browser recorded. */
function recordedFile(chunks: Blob[], mimeType: string): File {
  const type = (mimeType || "audio/webm").split(";")[0]!;
  const extension = type.includes("ogg") ? "ogg" : type.includes("mp4") ? "m4a" : "webm";
  const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, "-");
  return new File(chunks, `voice-message-${stamp}.${extension}`, { type });
}

/**
 * The microphone, asked for once when the recorder opens: its state, the
 * seconds recorded, and `send`, which stops and hands the recording over.
 * Closing the recorder (unmount) stops it and releases the microphone.
 */
export function useVoiceRecording(onRecorded: (file: File) => void) {
  const [state, setState] = useState<RecorderState>({ phase: "starting" });
  const [now, setNow] = useState(() => Date.now());
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const sendOnStop = useRef(false);
  const handlers = useRef({ onRecorded });
  useEffect(() => {
    handlers.current = { onRecorded };
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    navigator.mediaDevices
      .getUserMedia({ audio: true })
      .then((media) => {
        stream = media;
        if (stopped) return media.getTracks().forEach((t) => t.stop());
        const rec = new MediaRecorder(media);
        recorder.current = rec;
        rec.ondataavailable = (event) => {
          if (event.data.size > 0) chunks.current.push(event.data);
        };
        rec.onstop = () => {
          media.getTracks().forEach((t) => t.stop());
          if (!sendOnStop.current) return;
          handlers.current.onRecorded(recordedFile(chunks.current, rec.mimeType));
        };
        rec.start(250);
        setState({ phase: "recording", startedAt: Date.now() });
      })
      .catch(() => {
        setState({
          phase: "failed",
          message: "The microphone could not be used. Check the browser's permission.",
        });
      });
    return () => {
      stopped = true;
      if (recorder.current?.state === "recording") recorder.current.stop();
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);

  const elapsed =
    state.phase === "recording" ? Math.max(0, Math.floor((now - state.startedAt) / 1000)) : 0;

  const send = () => {
    sendOnStop.current = true;
    recorder.current?.stop();
  };
  return { state, elapsed, send };
}
