import type { EpochMs, Int64 } from "./columns";

// A file uploaded through tus, whatever it is for.

export interface StoredFileTable {
  id: string;
  purpose: string;
  ownerId: string;
  scope: string | null;
  /** "uploading" until the bytes are complete and checked, then "ready". */
  status: "uploading" | "ready";
  mimeType: string | null;
  kind: "image" | "audio" | "statement" | null;
  name: string;
  size: Int64;
  createdAt: EpochMs;
}
