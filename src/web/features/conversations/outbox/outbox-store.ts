import type { MessageQuote } from "../../../../shared/quote";
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
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

interface OutboxDb extends DBSchema {
  messages: { key: string; value: OutboxEntry; indexes: { byUser: string } };
}

/** IndexedDB through idb: one store of entries, read by user at start. */
export class OutboxStore {
  private db: Promise<IDBPDatabase<OutboxDb>> | null = null;

  private open(): Promise<IDBPDatabase<OutboxDb>> {
    this.db ??= openDB<OutboxDb>("artist-portal-outbox", 1, {
      upgrade(db) {
        const store = db.createObjectStore("messages", { keyPath: "id" });
        store.createIndex("byUser", "userId");
      },
    });
    return this.db;
  }

  async forUser(userId: string): Promise<OutboxEntry[]> {
    const entries = await (await this.open()).getAllFromIndex("messages", "byUser", userId);
    return entries.sort((a, b) => a.createdAt - b.createdAt);
  }

  async put(entry: OutboxEntry): Promise<void> {
    await (await this.open()).put("messages", entry);
  }

  async delete(id: string): Promise<void> {
    await (await this.open()).delete("messages", id);
  }

  close(): void {
    void this.db?.then((db) => db.close()).catch(() => undefined);
    this.db = null;
  }
}
