import { Plus } from "lucide-react";
import type { ReleaseAudio, ReleaseUploadedFile } from "../../../shared/release-schemas";
import { RELEASE_MAX_TRACKS } from "../../../shared/release-constants";
import { Button } from "../../components/button";
import { FieldError } from "../../components/form-field";
import { changeThenFocus } from "../../lib/change-then-focus";
import { errorText, type IssuesFor } from "./issue-notes";
import { fieldDomId, moveTrack, newTrack, type DraftFields } from "./release-draft";
import { TrackSplits } from "./splits/track-splits";
import { TrackFields, moveButtonId, type MoveDirection } from "./track-fields";

type Track = DraftFields["tracks"][number];

/** A track's Splits, readable once the track is saved. */
const splitsSection = (
  releaseId: string,
  trackId: string,
  index: number,
  saved: ReadonlySet<string>,
) => (
  <TrackSplits
    releaseId={releaseId}
    trackId={trackId}
    saved={saved.has(trackId)}
    trackName={`Track ${index + 1}`}
    headingLevel={3}
  />
);

/**
 * The tracks, in order: Add track, and each track's Move up / Move down /
 * Remove track. Focus follows a moved track (its same button, or the other
 * one when the track reached an end); after a removal it goes to Add track.
 */
export function TracksSection(props: {
  releaseId: string;
  tracks: readonly Track[];
  /** The tracks the server holds (a new one is saved by the next autosave). */
  savedTrackIds: ReadonlySet<string>;
  audioOf: (track: Track) => ReleaseAudio | null;
  issuesFor: IssuesFor;
  onTracks: (update: (tracks: Track[]) => Track[]) => void;
  onAudioUploaded: (trackId: string, file: ReleaseUploadedFile) => void;
}) {
  const { releaseId, tracks, audioOf, issuesFor, onTracks } = props;
  const addId = fieldDomId("tracks");

  const move = (index: number, direction: MoveDirection) => {
    const track = tracks[index];
    if (!track) return;
    const other = direction === "up" ? "down" : "up";
    changeThenFocus(
      () => onTracks((list) => moveTrack(list, index, direction === "up" ? index - 1 : index + 1)),
      moveButtonId(track.id, direction),
      moveButtonId(track.id, other),
    );
  };
  const remove = (trackId: string) => {
    changeThenFocus(() => onTracks((list) => list.filter((track) => track.id !== trackId)), addId);
  };
  const update = (trackId: string, change: Partial<Track>) =>
    onTracks((list) =>
      list.map((track) => (track.id === trackId ? { ...track, ...change } : track)),
    );

  return (
    <section aria-labelledby="release-tracks-heading" className="flex flex-col gap-4">
      <h2 id="release-tracks-heading" className="text-lg font-semibold">
        Tracks
      </h2>
      {tracks.length > 0 && (
        <ol className="flex flex-col gap-4">
          {tracks.map((track, index) => (
            <li key={track.id}>
              <TrackFields
                releaseId={releaseId}
                track={track}
                index={index}
                count={tracks.length}
                audio={audioOf(track)}
                splits={splitsSection(releaseId, track.id, index, props.savedTrackIds)}
                issuesFor={issuesFor}
                onChange={(change) => update(track.id, change)}
                onMove={(direction) => move(index, direction)}
                onRemove={() => remove(track.id)}
                onAudioUploaded={(file) => props.onAudioUploaded(track.id, file)}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-col gap-1.5">
        <Button
          id={addId}
          variant="secondary"
          className="self-start"
          disabled={tracks.length >= RELEASE_MAX_TRACKS}
          aria-describedby={errorText(issuesFor("tracks")) ? `${addId}-error` : undefined}
          onClick={() => {
            const track = newTrack();
            changeThenFocus(
              () => onTracks((list) => [...list, track]),
              fieldDomId(`tracks.${track.id}.title`),
            );
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add track
        </Button>
        <FieldError id={`${addId}-error`} error={errorText(issuesFor("tracks"))} />
      </div>
    </section>
  );
}
