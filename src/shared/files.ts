/** What a stored file is, judged from its bytes on the server (a statement: CSV or TSV, maybe gzipped). */
export type FileKind = "image" | "audio" | "statement";

const kindNames: Record<FileKind, string> = {
  image: "an image",
  audio: "an audio file",
  statement: "a CSV or TSV statement",
};

export interface UploadedFile {
  id: string;
  url: string;
  kind: FileKind;
  mimeType: string;
  size: number;
  name: string;
}

/** Where a stored file can be fetched by a signed-in user allowed to read it. */
export function fileUrl(id: string): string {
  return `/api/files/${encodeURIComponent(id)}`;
}

/**
 * The widths a stored picture is also served at (`?w=`), for boxes of a few
 * dozen pixels that would otherwise fetch a 3000 px cover or photo.
 */
export const THUMBNAIL_WIDTHS = [64, 128, 256, 512, 768] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];
const LARGEST_THUMBNAIL: ThumbnailWidth = 768;

/**
 * The thumbnail for `px` pixels: the smallest at least that big (the
 * largest beyond it). A thumbnail's shorter side is its width, so it fills
 * a square or cropped box of that size.
 */
export function thumbnailWidthFor(px: number): ThumbnailWidth {
  return THUMBNAIL_WIDTHS.find((width) => width >= px) ?? LARGEST_THUMBNAIL;
}

export const UPLOAD_ENDPOINT = "/api/uploads";

export const uploadMessages = {
  notSignedIn: "Please sign in to upload files.",
  unknownPurpose: "This kind of upload is not supported.",
  lengthRequired: "The file size must be known before uploading.",
  /** tus extensions the portal does not offer (concatenation: Upload-Concat). */
  concatUnsupported:
    "Uploads in parts (tus concatenation, Upload-Concat) are not supported. Upload the file in one piece.",
  notAllowed: "You don't have permission to upload this file.",
  wrongType: (kinds: readonly FileKind[]) =>
    `This file type is not allowed. Please choose ${kinds.map((k) => kindNames[k]).join(" or ")}.`,
  /** A failure on the server's side; its detail stays in the server log. */
  failed: "The upload failed on our side. Please try again.",
  tooLarge: (maxBytes: number) =>
    `This file is too large. The limit is ${Math.round(maxBytes / (1024 * 1024))} MB.`,
  tooManyUploads: "You're starting uploads too fast. Please wait a minute and try again.",
  tooManyInProgress:
    "You have too many uploads in progress. Please wait for them to finish, then try again.",
  quotaFull: (quotaBytes: number) =>
    `This file would take you over your storage space of ${storageSize(quotaBytes)}. Please contact support to free up space.`,
} as const;

/** A storage size for people: GB (one decimal) from 1 GB up, whole MB below. */
function storageSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1024 ? `${Math.round((mb / 1024) * 10) / 10} GB` : `${Math.round(mb)} MB`;
}

/** A file whose bytes are not the kind its name and type claim (a text file named .png). */
export const contentMismatchMessage = (kind: FileKind) =>
  `This file is not ${kindNames[kind]}, whatever its name says. Please choose another file.`;
