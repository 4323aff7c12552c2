import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import type { SongDetail } from "../../../../shared/song-schemas";
import { viewCount } from "../../../../shared/view-count";
import { Button } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { TextAreaField, TextField } from "../../../components/text-field";
import { ApiError } from "../../../lib/api-client";
import { ArtistPicker } from "./artist-picker";
import { CoverField } from "./cover-field";
import { namesShownFields, type Draft } from "./song-draft";
import { StatusFields } from "./status-fields";
import { useSongForm, type SongFormState } from "./use-song-form";

/**
 * Every field of a song request; validated with the same schema the server
 * uses. An edit is saved from the version it was loaded at: when another
 * agent saved first, the server answers 409 and `onReload` fetches theirs.
 */
export function SongForm({ song, onReload }: { song: SongDetail | null; onReload?: () => void }) {
  const form = useSongForm(song);
  const { draft, errors, set, save } = form;
  const [coverUploading, setCoverUploading] = useState(false);

  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
      <Group title="Artist">
        <ArtistPicker
          artistId={draft.artistId}
          currentLabel={song ? song.artist : null}
          error={errors.artistId}
          onPick={(artist) => {
            set("artistId", artist?.id ?? "");
            // The credited name starts as the account's artist name; agents may change it.
            if (artist && !draft.artist.trim()) set("artist", artist.artistName);
          }}
        />
        <DraftTextField form={form} name="artist" label="Artist name (as credited)" required />
      </Group>

      <Group title="Song">
        <DraftTextField form={form} name="type" label="Type (title)" required />
        <StatusFields {...form} />
        <DraftTextField form={form} name="album" label="Album" />
        <DraftTextField form={form} name="genre" label="Genre" />
        <DraftTextField form={form} name="date" label="Release date" type="date" required />
        <DraftTextField form={form} name="duration" label="Duration" placeholder="3:45" />
        <TextAreaField
          label="Lyrics"
          rows={6}
          value={draft.lyrics}
          onChange={(e) => set("lyrics", e.target.value)}
          error={errors.lyrics}
        />
        {song && (
          <p className="text-sm text-slate-600 dark:text-slate-300">{viewCount(song.views)}</p>
        )}
      </Group>

      <Group title="Cover">
        <CoverField
          artistId={draft.artistId}
          coverFileId={draft.coverFileId}
          error={errors.coverFileId}
          onChange={(id) => set("coverFileId", id)}
          onUploadingChange={setCoverUploading}
        />
      </Group>

      <Group title="Links">
        <DraftTextField form={form} name="link" label="Song URL" inputMode="url" />
        <DraftTextField form={form} name="spotifyUrl" label="Spotify link" inputMode="url" />
        <DraftTextField form={form} name="appleMusicUrl" label="Apple Music link" inputMode="url" />
        <DraftTextField form={form} name="youtubeUrl" label="YouTube link" inputMode="url" />
      </Group>

      {/* A refusal naming fields shows beside them; only other failures show here. */}
      <FormAlert
        error={
          save.isError &&
          !namesShownFields(save.error, draft) && (
            <SaveFailure error={save.error} onReload={onReload} />
          )
        }
      />
      <FormAlert success={form.saved && "Song saved."} />
      <Button type="submit" disabled={save.isPending || coverUploading} className="self-start">
        {song ? "Save changes" : "Create song"}
      </Button>
    </form>
  );
}

interface DraftTextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "value" | "onChange" | "form" | "name"
> {
  form: Pick<SongFormState, "draft" | "errors" | "set">;
  name: keyof Draft;
  label: string;
}

/** One text input of the draft, showing its own message. */
function DraftTextField({ form, name, label, ...props }: DraftTextFieldProps) {
  return (
    <TextField
      label={label}
      value={form.draft[name] ?? ""}
      onChange={(e) => form.set(name, e.target.value)}
      error={form.errors[name]}
      {...props}
    />
  );
}

/** Why the save failed; after a newer save by someone else (409), a way to load theirs. */
function SaveFailure({ error, onReload }: { error: Error; onReload?: (() => void) | undefined }) {
  return (
    <>
      {error instanceof ApiError ? error.message : "Failed to save the song."}
      {error instanceof ApiError && error.status === 409 && onReload && (
        <Button variant="secondary" className="mt-2" onClick={onReload}>
          Reload the song
        </Button>
      )}
    </>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    // min-w-0: a fieldset is never narrower than its widest content by default,
    // which pushed the editor past a 375 px screen.
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <legend className="px-1 font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}
