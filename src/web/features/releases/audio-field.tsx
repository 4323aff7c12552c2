import type { ReleaseAudio, ReleaseUploadedFile } from "../../../shared/release-schemas";
import { RELEASE_AUDIO_PURPOSE } from "../../../shared/release-constants";
import { audioCheckLine, formatDurationMs } from "../../../shared/release-format";
import { FileField } from "./file-field";
import { errorText, WarningNotes, type IssuesFor } from "./issue-notes";
import { fieldDomId } from "./release-draft";
import { useReleaseUpload } from "./use-release-upload";

/** A track's audio: its check line and duration, its warnings, or a new file's refusal. */
export function AudioField(props: {
  releaseId: string;
  trackId: string;
  audio: ReleaseAudio | null;
  issuesFor: IssuesFor;
  onUploaded: (file: ReleaseUploadedFile) => void;
}) {
  const { releaseId, trackId, audio, issuesFor, onUploaded } = props;
  const upload = useReleaseUpload(RELEASE_AUDIO_PURPOSE, { releaseId, trackId }, onUploaded);
  const field = `tracks.${trackId}.audio`;
  const issues = issuesFor(field);
  return (
    <FileField
      id={fieldDomId(field)}
      label="Audio file"
      accept="audio/wav,audio/x-wav,audio/flac,.wav,.flac"
      state={upload.state}
      onChoose={(event) => void upload.choose(event)}
      onCancel={upload.cancel}
      error={errorText(issues)}
      warnings={<WarningNotes issues={issues} />}
      current={
        audio ? (
          <div className="flex flex-col">
            <span className="truncate font-medium">{audio.name}</span>
            <span>
              {audioCheckLine(audio)}{" "}
              <span className="text-slate-600 dark:text-slate-300">
                · Duration {formatDurationMs(audio.durationMs)}
              </span>
            </span>
          </div>
        ) : (
          <span className="text-slate-600 dark:text-slate-300">
            WAV or FLAC, 44.1 kHz or higher, 16 or 24-bit, stereo, at least 30 seconds.
          </span>
        )
      }
    />
  );
}
