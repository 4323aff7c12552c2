import {
  CHAT_UPLOAD_PURPOSE,
  type ChatMessage,
  type SendMessageInput,
} from "../../../../shared/chat";
import type { ClientErrorReport } from "../../../../shared/client-errors";
import type { UploadedFile } from "../../../../shared/files";
import { SendRefusedError } from "../realtime/send-over-link";
import { SEND_RETRY_AFTER_MS } from "../../../../shared/chat-events";
import { UploadError } from "../../../lib/upload";
import type { OutboxEntry, OutboxStore } from "./outbox-store";

export interface OutboxDeps {
  store: Pick<OutboxStore, "forUser" | "put" | "delete">;
  /** Resolves with the stored copy; rejects with SendRefusedError when the server refuses it. */
  send: (input: SendMessageInput) => Promise<ChatMessage>;
  upload: (
    file: File,
    options: { purpose: string; metadata: Record<string, string>; onProgress: (p: number) => void },
  ) => Promise<UploadedFile>;
  /** The server stored it: the conversation shows the stored copy. */
  onStored: (message: ChatMessage) => void;
  /** A failure for good, for the server log. */
  report: (kind: ClientErrorReport["kind"], message: string) => void;
}

/** What the conversation shows of the outbox: entries with upload progress. */
export interface OutboxItem extends OutboxEntry {
  progress: number | null;
}

const NETWORK_PROBLEM = "The connection was lost.";

/**
 * Every message not yet acknowledged, kept in IndexedDB (file messages with
 * their bytes) and sent until the server acknowledges it. The client-made id
 * makes a resend after a reload idempotent: the server stores it once. Uploads
 * resume through tus (same file fingerprint, same room).
 */
export class Outbox {
  private readonly entries = new Map<string, OutboxEntry>();
  private readonly progress = new Map<string, number>();
  private readonly running = new Set<string>();
  /** Uploads that stopped on a network error; retried when the link is back. */
  private readonly waiting = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private snapshot: OutboxItem[] = [];
  private stopped = false;

  constructor(
    private readonly userId: string,
    private readonly deps: OutboxDeps,
  ) {}

  /** Loads what a previous page left unsent and sends it. */
  async start(): Promise<void> {
    const saved = await this.deps.store.forUser(this.userId);
    if (this.stopped) return;
    for (const entry of saved) this.entries.set(entry.id, entry);
    this.changed();
    for (const entry of saved) if (!entry.failure) this.run(entry.id);
  }

  stop(): void {
    this.stopped = true;
    this.listeners.clear();
  }

  async add(entry: Omit<OutboxEntry, "userId" | "fileId" | "failure">): Promise<void> {
    const full: OutboxEntry = { ...entry, userId: this.userId, fileId: null, failure: null };
    this.entries.set(full.id, full);
    this.changed();
    // Kept before the first attempt: a reload from here on still sends it.
    await this.persist(full);
    this.run(full.id);
  }

  retry(id: string): void {
    const entry = this.entries.get(id);
    if (!entry || entry.permanent) return;
    void this.update({ ...entry, failure: null });
    this.run(id);
  }

  async remove(id: string): Promise<void> {
    this.entries.delete(id);
    this.progress.delete(id);
    this.changed();
    await this.deps.store.delete(id).catch(() => undefined);
  }

  /** The connection is back: uploads that lost it start again. */
  resume(): void {
    for (const id of [...this.waiting]) {
      this.waiting.delete(id);
      this.run(id);
    }
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): OutboxItem[] => this.snapshot;

  private changed(): void {
    this.snapshot = [...this.entries.values()].map((entry) => ({
      ...entry,
      progress: entry.file && !entry.fileId ? (this.progress.get(entry.id) ?? 0) : null,
    }));
    for (const listener of this.listeners) listener();
  }

  private async persist(entry: OutboxEntry): Promise<void> {
    try {
      await this.deps.store.put(entry);
    } catch (error) {
      // Private windows may refuse IndexedDB: the message is still sent from memory.
      this.deps.report("outbox-store", error instanceof Error ? error.message : String(error));
    }
  }

  private async update(entry: OutboxEntry): Promise<void> {
    if (!this.entries.has(entry.id)) return;
    this.entries.set(entry.id, entry);
    this.changed();
    await this.persist(entry);
  }

  private run(id: string): void {
    if (this.running.has(id) || this.stopped) return;
    this.running.add(id);
    void this.deliver(id).finally(() => this.running.delete(id));
  }

  private async deliver(id: string): Promise<void> {
    let entry = this.entries.get(id);
    if (!entry || entry.failure) return;
    try {
      if (entry.file && !entry.fileId) {
        const uploaded = await this.deps.upload(entry.file.data, {
          purpose: CHAT_UPLOAD_PURPOSE,
          metadata: { roomId: entry.roomId },
          onProgress: (percent) => {
            this.progress.set(id, percent);
            this.changed();
          },
        });
        entry = { ...entry, fileId: uploaded.id };
        await this.update(entry);
      }
      const stored = await this.deps.send({
        id,
        roomId: entry.roomId,
        text: entry.text,
        ...(entry.fileId ? { fileId: entry.fileId } : {}),
        ...(entry.song ? { songId: entry.song.id } : {}),
        ...(entry.quote ? { quoteId: entry.quote.id } : {}),
      });
      if (!this.entries.has(id)) return;
      this.deps.onStored(stored);
      await this.remove(id);
    } catch (error) {
      await this.failed(id, error);
    }
  }

  private async failed(id: string, error: unknown): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    const lostConnection =
      (error instanceof UploadError && error.reason === "network") ||
      (!(error instanceof UploadError) && !(error instanceof SendRefusedError));
    if (lostConnection) {
      // Not the message's fault: it waits for the connection, and stays pending.
      this.running.delete(id);
      this.waiting.add(id);
      // Tried again when the live link comes back, and after a while anyway:
      // the server's database was down, or an upload's last answer was lost
      // while the link stayed up (issue 48), and no reconnect would come.
      setTimeout(() => this.resume(), SEND_RETRY_AFTER_MS);
      return;
    }
    // Failed for good: no longer running, so Retry may start it at once.
    this.running.delete(id);
    const reason = error instanceof Error && error.message ? error.message : NETWORK_PROBLEM;
    this.deps.report(error instanceof UploadError ? "upload" : "send", reason);
    const permanent = error instanceof UploadError && error.reason === "rejected";
    await this.update({ ...entry, failure: reason, permanent });
  }
}
