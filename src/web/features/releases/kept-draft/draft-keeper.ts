import type { UnsavedSnapshot } from "../autosave-queue";
import type { DraftFields } from "../release-draft";
import type { KeptDraft, KeptDraftStorage } from "./kept-draft-store";

/**
 * Keeps one release's unsaved edits in the browser as they are made, and
 * forgets them once saved: what a reload, a crash or a closed tab would
 * otherwise lose. Writes run one after another, after the page has read what
 * an earlier page left (so a quick first edit cannot erase it unread).
 * Storage failures (private windows, a full disk) leave the form working as
 * before: the edits are then only as safe as the network makes them.
 */
export class DraftKeeper {
  private loaded: Promise<KeptDraft | null> | null = null;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: KeptDraftStorage,
    private readonly userId: string,
    private readonly releaseId: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** What an earlier page of this release left unsaved (read once). */
  load(): Promise<KeptDraft | null> {
    this.loaded ??= this.store.get(this.userId, this.releaseId).catch(() => null);
    return this.loaded;
  }

  /** Keeps the edits a reload would lose; null (all saved) forgets them. */
  keep(snapshot: UnsavedSnapshot<DraftFields> | null): Promise<void> {
    const { userId, releaseId } = this;
    const write = () =>
      snapshot
        ? this.store.put({ ...snapshot, userId, releaseId, keptAt: this.now() })
        : this.store.delete(userId, releaseId);
    this.writes = this.writes
      .then(() => this.load())
      .then(write)
      .catch(() => undefined);
    return this.writes;
  }
}
