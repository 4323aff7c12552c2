import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { UnsavedSnapshot } from "../autosave-queue";
import type { DraftFields } from "../release-draft";

/** A release's edits not saved yet, kept across reloads (one per artist and release). */
export interface KeptDraft extends UnsavedSnapshot<DraftFields> {
  userId: string;
  releaseId: string;
  keptAt: number;
}

/** What the form needs of the store: the real one is IndexedDB, tests use a Map. */
export interface KeptDraftStorage {
  get(userId: string, releaseId: string): Promise<KeptDraft | null>;
  put(entry: KeptDraft): Promise<void>;
  delete(userId: string, releaseId: string): Promise<void>;
}

interface KeptDraftDb extends DBSchema {
  drafts: { key: [string, string]; value: KeptDraft };
}

/**
 * IndexedDB through idb, as chat's outbox keeps its messages: keyed by
 * artist and release, so someone else signing in on this browser never
 * gets them. Writes on one connection run in the order they were made, so
 * the last change wins.
 */
export class KeptDraftStore implements KeptDraftStorage {
  private db: Promise<IDBPDatabase<KeptDraftDb>> | null = null;

  private open(): Promise<IDBPDatabase<KeptDraftDb>> {
    this.db ??= openDB<KeptDraftDb>("artist-portal-release-drafts", 1, {
      upgrade(db) {
        db.createObjectStore("drafts", { keyPath: ["userId", "releaseId"] });
      },
    });
    return this.db;
  }

  async get(userId: string, releaseId: string): Promise<KeptDraft | null> {
    return (await (await this.open()).get("drafts", [userId, releaseId])) ?? null;
  }

  async put(entry: KeptDraft): Promise<void> {
    await (await this.open()).put("drafts", entry);
  }

  async delete(userId: string, releaseId: string): Promise<void> {
    await (await this.open()).delete("drafts", [userId, releaseId]);
  }
}

/** One store for the page: opened on the first edit or visit, shared by every release. */
let shared: KeptDraftStore | null = null;
export function keptDraftStore(): KeptDraftStore {
  shared ??= new KeptDraftStore();
  return shared;
}
