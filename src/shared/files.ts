/** What a stored file is, judged from its bytes on the server. */
export type FileKind = "image" | "audio";

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

export const UPLOAD_ENDPOINT = "/api/uploads";

export const uploadMessages = {
  notSignedIn: "Please sign in to upload files.",
  unknownPurpose: "This kind of upload is not supported.",
  lengthRequired: "The file size must be known before uploading.",
  notAllowed: "You don't have permission to upload this file.",
  wrongType: (kinds: readonly FileKind[]) =>
    `This file type is not allowed. Please choose ${kinds.map((k) => (k === "image" ? "an image" : "an audio file")).join(" or ")}.`,
  tooLarge: (maxBytes: number) =>
    `This file is too large. The limit is ${Math.round(maxBytes / (1024 * 1024))} MB.`,
} as const;
