import type { FileKind } from "./files";

/** Enough leading bytes for file-type to recognise every image and audio format. */
export const SNIFF_BYTES = 4100;

export interface SniffedType {
  mimeType: string;
  kind: FileKind;
}

/**
 * The real type of a file from its bytes, whatever the client claimed. The
 * server decides with it; the browser runs it before an upload (file-type's
 * core build there), so a file that is not what its name says never starts.
 * SVG is text (and can carry script), so it is never recognised as an image.
 */
export async function sniffFileType(head: Uint8Array): Promise<SniffedType | null> {
  // Loaded with the first file sniffed: neither the server's start nor a page's first paint needs it.
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return null;
  const [top] = detected.mime.split("/");
  if (top === "image" && detected.mime !== "image/svg+xml") {
    return { mimeType: detected.mime, kind: "image" };
  }
  if (top === "audio" || detected.mime === "video/webm" || detected.mime === "application/ogg") {
    // Browsers record audio as webm/ogg containers; file-type names them by container.
    const mimeType =
      detected.mime === "video/webm"
        ? "audio/webm"
        : detected.mime === "application/ogg"
          ? "audio/ogg"
          : detected.mime;
    return { mimeType, kind: "audio" };
  }
  return null;
}
