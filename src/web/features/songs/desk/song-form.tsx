import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SyntheticEvent,
} from "react";
import { useNavigate } from "react-router";
import {
  SONG_STATUSES,
  deskSongCreateSchema,
  statusLabel,
  type DeskSongCreateInput,
  type SongDetail,
} from "../../../../shared/song-schemas";
import {
  REJECTION_REASONS,
  REJECTION_REASON_LABELS,
  STATUS_NOTE_MAX,
  type RejectionReason,
} from "../../../../shared/song-status";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { TextField, inputClass } from "../../../components/text-field";
import { ApiError } from "../../../lib/api-client";
import { useSaveDeskSong } from "../api/save-desk-song";
import { ArtistPicker } from "./artist-picker";
import { CoverField } from "./cover-field";
import { rejectionErrors } from "./status-change-errors";
import { viewCount } from "../../../../shared/view-count";

type Draft = Required<{
  [K in keyof DeskSongCreateInput]: Exclude<DeskSongCreateInput[K], undefined>;
}>;

function draftFrom(song: SongDetail | null): Draft {
  return {
    artistId: song?.artistId ?? "",
    type: song?.type ?? "",
    status: song?.status ?? "pending",
    artist: song?.artist ?? "",
    album: song?.album ?? "",
    genre: song?.genre ?? "",
    date: song?.date ?? new Date().toISOString().slice(0, 10),
    duration: song?.duration ?? "",
    lyrics: song?.lyrics ?? "",
    link: song?.link ?? "",
    coverFileId: song?.coverFileId ?? null,
    spotifyUrl: song?.spotifyUrl ?? "",
    appleMusicUrl: song?.appleMusicUrl ?? "",
    youtubeUrl: song?.youtubeUrl ?? "",
    rejectionReason: null,
    statusNote: "",
  };
}

function fieldErrorsOf(input: Draft): Record<string, string> {
  const result = deskSongCreateSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/**
 * Every field of a song request; validated with the same schema the server
 * uses. An edit is saved from the version it was loaded at: when another
 * agent saved first, the server answers 409 and `onReload` fetches theirs.
 */
export function SongForm({ song, onReload }: { song: SongDetail | null; onReload?: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftFrom(song));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [coverUploading, setCoverUploading] = useState(false);
  const save = useSaveDeskSong();
  const navigate = useNavigate();
  const lyricsId = useId();
  const statusId = useId();
  const reasonId = useId();
  const noteId = useId();
  const statusChanged = song === null || draft.status !== song.status;
  const rejecting = statusChanged && draft.status === "rejected";

  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [name]: value }));
    // A field's old message goes as soon as it is edited; the next submit checks again.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => k !== name)));
    setSaved(false);
  };
  const text = (
    name: keyof Draft,
    label: string,
    props: Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> = {},
  ) => (
    <TextField
      label={label}
      value={draft[name] ?? ""}
      onChange={(e) => set(name, e.target.value)}
      error={errors[name]}
      {...props}
    />
  );

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found = { ...fieldErrorsOf(draft), ...(rejecting ? rejectionErrors(draft) : {}) };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // Reason and note belong to a status change; unchanged, they are not sent.
    const input = statusChanged
      ? { ...draft, rejectionReason: rejecting ? draft.rejectionReason : null }
      : { ...draft, rejectionReason: null, statusNote: "" };
    save.mutate(
      song ? { id: song.id, input: { ...input, version: song.version } } : { id: null, input },
      {
        onSuccess: (result) => {
          if (song) {
            setSaved(true);
            setDraft((d) => ({ ...d, rejectionReason: null, statusNote: "" }));
          } else
            void navigate(`/desk/songs/${encodeURIComponent(result.id)}`, {
              replace: true,
              state: { created: true },
            });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
        },
      },
    );
  }

  const statusOptions: string[] = SONG_STATUSES.includes(
    draft.status as (typeof SONG_STATUSES)[number],
  )
    ? [...SONG_STATUSES]
    : [...SONG_STATUSES, draft.status];

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
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
        {text("artist", "Artist name (as credited)", { required: true })}
      </Group>

      <Group title="Song">
        {text("type", "Type (title)", { required: true })}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={statusId} className="text-sm font-medium">
            Status
          </label>
          <select
            id={statusId}
            value={draft.status}
            onChange={(e) => set("status", e.target.value)}
            className={inputClass}
          >
            {statusOptions.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        {rejecting && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={reasonId} className="text-sm font-medium">
              Reason for rejection
            </label>
            <select
              id={reasonId}
              value={draft.rejectionReason ?? ""}
              onChange={(e) =>
                set("rejectionReason", (e.target.value || null) as RejectionReason | null)
              }
              aria-invalid={errors.rejectionReason ? true : undefined}
              aria-describedby={errors.rejectionReason ? `${reasonId}-error` : undefined}
              className={inputClass}
            >
              <option value="">Choose a reason…</option>
              {REJECTION_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {REJECTION_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
            {errors.rejectionReason && (
              <p id={`${reasonId}-error`} className="text-sm text-red-700 dark:text-red-300">
                {errors.rejectionReason}
              </p>
            )}
          </div>
        )}
        {statusChanged && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={noteId} className="text-sm font-medium">
              {rejecting ? "Details for the artist" : "Note for the timeline"}
            </label>
            <textarea
              id={noteId}
              rows={3}
              maxLength={STATUS_NOTE_MAX}
              value={draft.statusNote}
              onChange={(e) => set("statusNote", e.target.value)}
              aria-invalid={errors.statusNote ? true : undefined}
              aria-describedby={errors.statusNote ? `${noteId}-error` : undefined}
              className={inputClass}
            />
            {errors.statusNote && (
              <p id={`${noteId}-error`} className="text-sm text-red-700 dark:text-red-300">
                {errors.statusNote}
              </p>
            )}
          </div>
        )}
        {text("album", "Album")}
        {text("genre", "Genre")}
        {text("date", "Release date", { type: "date", required: true })}
        {text("duration", "Duration", { placeholder: "3:45" })}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={lyricsId} className="text-sm font-medium">
            Lyrics
          </label>
          <textarea
            id={lyricsId}
            rows={6}
            value={draft.lyrics}
            onChange={(e) => set("lyrics", e.target.value)}
            aria-invalid={errors.lyrics ? true : undefined}
            className={inputClass}
          />
          {errors.lyrics && (
            <p className="text-sm text-red-700 dark:text-red-300">{errors.lyrics}</p>
          )}
        </div>
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
        {text("link", "Song URL", { inputMode: "url" })}
        {text("spotifyUrl", "Spotify link", { inputMode: "url" })}
        {text("appleMusicUrl", "Apple Music link", { inputMode: "url" })}
        {text("youtubeUrl", "YouTube link", { inputMode: "url" })}
      </Group>

      {/* A refusal naming fields shows beside them; only other failures show here. */}
      {save.isError && !namesShownFields(save.error, draft) && (
        <Alert tone="error">
          {save.error instanceof ApiError ? save.error.message : "Failed to save the song."}
          {save.error instanceof ApiError && save.error.status === 409 && onReload && (
            <Button variant="secondary" className="mt-2" onClick={onReload}>
              Reload the song
            </Button>
          )}
        </Alert>
      )}
      {saved && <Alert tone="success">Song saved.</Alert>}
      <Button type="submit" disabled={save.isPending || coverUploading} className="self-start">
        {song ? "Save changes" : "Create song"}
      </Button>
    </form>
  );
}

/** Whether every field the server's refusal names is one of the form's own (shown beside it). */
function namesShownFields(error: Error, draft: Draft): boolean {
  const fields = error instanceof ApiError ? Object.keys(error.fieldErrors ?? {}) : [];
  return fields.length > 0 && fields.every((name) => name in draft);
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
