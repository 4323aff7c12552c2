import {
  deskSongCreateSchema,
  type DeskSongCreateInput,
  type SongDetail,
} from "../../../../shared/song-schemas";
import { ApiError } from "../../../lib/api-client";

/** Every field of the song form, none left undefined. */
export type Draft = Required<{
  [K in keyof DeskSongCreateInput]: Exclude<DeskSongCreateInput[K], undefined>;
}>;

export function draftFrom(song: SongDetail | null): Draft {
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

/** Each field's first message from the schema the server uses (none when valid). */
export function fieldErrorsOf(input: Draft): Record<string, string> {
  const result = deskSongCreateSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** Whether every field the server's refusal names is one of the form's own (shown beside it). */
export function namesShownFields(error: Error, draft: Draft): boolean {
  const fields = error instanceof ApiError ? Object.keys(error.fieldErrors ?? {}) : [];
  return fields.length > 0 && fields.every((name) => name in draft);
}
