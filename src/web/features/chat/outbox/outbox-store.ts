import type { MessageQuote } from "../../../../shared/quote";
import type { ChatFileType, MessageSongRef } from "../../../../shared/chat";

/** A message the server has not acknowledged yet, kept across reloads. */
export interface OutboxEntry {
  id: string;
  userId: string;
  roomId: string;
  senderName: string;
  text: string;
  createdAt: number;
  /** A file message keeps its bytes until the message is stored. */
  file: { data: File; kind: ChatFileType } | null;
  /** Set once the upload finished, so a reload sends without uploading again. */
  fileId: string | null;
  /** "Ask about this song": the card shown while pending; its id is sent. Absent in older entries. */
  song?: MessageSongRef | null;
  /** Reply with a quote: the quoted message as shown while pending; its id is sent. */
  quote?: MessageQuote | null;
  /** Set when it failed for good: shown with Retry and Remove. */
  failure: string | null;
  /** The server refused the file itself (its content): a retry cannot work, so only Remove shows. */
  permanent?: boolean;
}

/** One IndexedDB request as a promise. */
function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

/**
 * IndexedDB, one store of entries read by user at start. Plain IndexedDB: a
 * wrapper library (idb) cost every signed-in route 1.2 KB for these four calls.
 */
export class OutboxStore {
  private db: Promise<IDBDatabase> | null = null;

  private open(): Promise<IDBDatabase> {
    if (!this.db) {
      const opening = indexedDB.open("artist-portal-outbox", 1);
      opening.onupgradeneeded = () => {
        const store = opening.result.createObjectStore("messages", { keyPath: "id" });
        store.createIndex("byUser", "userId");
      };
      this.db = settled(opening);
    }
    return this.db;
  }

  private async messages(mode: IDBTransactionMode): Promise<IDBObjectStore> {
    return (await this.open()).transaction("messages", mode).objectStore("messages");
  }

  async forUser(userId: string): Promise<OutboxEntry[]> {
    const store = await this.messages("readonly");
    const request: IDBRequest<unknown[]> = store.index("byUser").getAll(userId);
    // The store holds only what put() wrote.
    const entries = (await settled(request)) as OutboxEntry[];
    return entries.sort((a, b) => a.createdAt - b.createdAt);
  }

  async put(entry: OutboxEntry): Promise<void> {
    await settled((await this.messages("readwrite")).put(entry));
  }

  async delete(id: string): Promise<void> {
    await settled((await this.messages("readwrite")).delete(id));
  }

  close(): void {
    void this.db?.then((db) => db.close()).catch(() => undefined);
    this.db = null;
  }
}
