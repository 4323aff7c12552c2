/** The name the recorder gives its files (voice-recorder.tsx): voice-message-YYYY-MM-DD-hh-mm-ss.ext */
const VOICE_NOTE_NAME = /^voice-message-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.(webm|ogg|m4a)$/;

export const isVoiceNote = (fileName: string | null): boolean =>
  fileName !== null && VOICE_NOTE_NAME.test(fileName);

/** What a file message is called on screen: a recording is a "Voice message", not its file name. */
export const attachmentLabel = (fileName: string | null): string =>
  isVoiceNote(fileName) ? "Voice message" : (fileName ?? "attachment");

/** m:ss, rounded to the nearest second (a 6.6 s note reads 0:07). */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * The real length of an audio element's file, for its loadedmetadata and
 * durationchange events; null while unknown. A browser's own recording
 * (MediaRecorder webm) carries no duration in its header, so the element
 * reports Infinity and its controls read 0:00: seeking far past the end makes
 * the browser scan the file and learn it, then the position goes back to 0.
 */
export function learnDuration(element: HTMLMediaElement): number | null {
  if (Number.isFinite(element.duration) && element.duration > 0) {
    if (element.dataset.probing) {
      delete element.dataset.probing;
      element.currentTime = 0;
    }
    return element.duration;
  }
  if (!element.dataset.probing && element.readyState >= 1) {
    element.dataset.probing = "true";
    element.currentTime = Number.MAX_SAFE_INTEGER;
  }
  return null;
}
