import type { ReactNode } from "react";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import type {
  ReleaseAudio,
  ReleaseDraftTrack,
  ReleaseUploadedFile,
} from "../../../shared/release-schemas";
import { EXPLICIT_CHOICES, EXPLICIT_LABELS } from "../../../shared/release-constants";
import { Button } from "../../components/button";
import { CheckboxField } from "../../components/checkbox-field";
import { SelectField } from "../../components/select-field";
import { TextAreaField, TextField } from "../../components/text-field";
import { AudioField } from "./audio-field";
import { errorText, hintWithWarnings, type IssuesFor } from "./issue-notes";
import { NamesField } from "./names-field";
import { fieldDomId } from "./release-draft";

export type MoveDirection = "up" | "down";

/** The id of a track's Move up / Move down button (focus follows a moved track). */
export const moveButtonId = (trackId: string, direction: MoveDirection) =>
  `track-${trackId}-move-${direction}`;

type TextKey = "title" | "version" | "composer" | "lyricist" | "producer" | "isrc";

/** Move up, Move down, Remove track: the track's own buttons, reached by keyboard. */
function TrackToolbar(props: {
  trackId: string;
  number: number;
  first: boolean;
  last: boolean;
  onMove: (direction: MoveDirection) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h3 aria-hidden="true" className="flex-1 font-semibold">
        Track {props.number}
      </h3>
      <Button
        id={moveButtonId(props.trackId, "up")}
        variant="secondary"
        disabled={props.first}
        onClick={() => props.onMove("up")}
        className="px-3"
      >
        <ArrowUp aria-hidden="true" className="size-4" />
        Move up
      </Button>
      <Button
        id={moveButtonId(props.trackId, "down")}
        variant="secondary"
        disabled={props.last}
        onClick={() => props.onMove("down")}
        className="px-3"
      >
        <ArrowDown aria-hidden="true" className="size-4" />
        Move down
      </Button>
      <Button variant="secondary" onClick={props.onRemove} className="px-3">
        <Trash2 aria-hidden="true" className="size-4" />
        Remove track
      </Button>
    </div>
  );
}

/**
 * One track: a group named "Track N", so each label reads as the issue spells
 * it ("Track title") and still tells a screen reader which track it is.
 */
export function TrackFields(props: {
  releaseId: string;
  track: ReleaseDraftTrack;
  index: number;
  count: number;
  audio: ReleaseAudio | null;
  /** The track's Splits section, last in its card. */
  splits: ReactNode;
  issuesFor: IssuesFor;
  onChange: (update: Partial<ReleaseDraftTrack>) => void;
  onMove: (direction: MoveDirection) => void;
  onRemove: () => void;
  onAudioUploaded: (file: ReleaseUploadedFile) => void;
}) {
  const { releaseId, track, index, audio, issuesFor, onChange } = props;
  const field = (name: string) => `tracks.${track.id}.${name}`;
  const text = (name: TextKey, label: string, max: number) => {
    const issues = issuesFor(field(name));
    return (
      <TextField
        id={fieldDomId(field(name))}
        label={label}
        value={track[name]}
        maxLength={max}
        error={errorText(issues)}
        hint={hintWithWarnings(null, issues, (suggestion) => onChange({ [name]: suggestion }))}
        onChange={(event) => onChange({ [name]: event.target.value })}
      />
    );
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <legend className="sr-only">Track {index + 1}</legend>
      <TrackToolbar
        trackId={track.id}
        number={index + 1}
        first={index === 0}
        last={index === props.count - 1}
        onMove={props.onMove}
        onRemove={props.onRemove}
      />
      {text("title", "Track title", 200)}
      {text("version", "Version", 100)}
      <NamesField
        id={fieldDomId(field("featuredArtists"))}
        label="Featured artists"
        names={track.featuredArtists}
        error={errorText(issuesFor(field("featuredArtists")))}
        onChange={(featuredArtists) => onChange({ featuredArtists })}
      />
      {text("composer", "Composer", 500)}
      {text("lyricist", "Lyricist", 500)}
      <CheckboxField
        label="Instrumental"
        checked={track.instrumental}
        onChange={(event) => onChange({ instrumental: event.target.checked })}
      />
      {text("producer", "Producer", 500)}
      <ExplicitField track={track} issuesFor={issuesFor} onChange={onChange} />
      {text("isrc", "ISRC", 20)}
      <TextAreaField
        id={fieldDomId(field("lyrics"))}
        label="Lyrics"
        rows={4}
        value={track.lyrics}
        maxLength={20_000}
        onChange={(event) => onChange({ lyrics: event.target.value })}
      />
      <AudioField
        releaseId={releaseId}
        trackId={track.id}
        audio={audio}
        issuesFor={issuesFor}
        onUploaded={props.onAudioUploaded}
      />
      {props.splits}
    </fieldset>
  );
}

function ExplicitField(props: {
  track: ReleaseDraftTrack;
  issuesFor: IssuesFor;
  onChange: (update: Partial<ReleaseDraftTrack>) => void;
}) {
  const field = `tracks.${props.track.id}.explicit`;
  return (
    <SelectField
      id={fieldDomId(field)}
      label="Explicit"
      value={props.track.explicit}
      error={errorText(props.issuesFor(field))}
      onChange={(event) =>
        props.onChange({ explicit: event.target.value as ReleaseDraftTrack["explicit"] })
      }
    >
      <option value="">Choose…</option>
      {EXPLICIT_CHOICES.map((choice) => (
        <option key={choice} value={choice}>
          {EXPLICIT_LABELS[choice]}
        </option>
      ))}
    </SelectField>
  );
}
